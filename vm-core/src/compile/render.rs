//! Rendering compile errors the way CPython prints an uncaught `SyntaxError`.

//! Symbol tables: scopes and name classification, as CPython's `symtable`.

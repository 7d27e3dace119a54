# Inspection of live objects, as CPython's `inspect`: the `is...` predicates, `getmembers`,
# `signature` (of Python functions, methods and classes) with `Signature.bind`,
# `getfullargspec`, `getdoc`/`cleandoc`, `unwrap`, `currentframe` and `getmro`. Source code
# is not kept at run time: `getsource` raises `OSError`, as CPython does for code without a
# file.
import sys as _sys
import types as _types
from collections import namedtuple as _namedtuple
from enum import IntEnum as _IntEnum

CO_OPTIMIZED = 0x1
CO_NEWLOCALS = 0x2
CO_VARARGS = 0x4
CO_VARKEYWORDS = 0x8
CO_NESTED = 0x10
CO_GENERATOR = 0x20
CO_NOFREE = 0x40
CO_COROUTINE = 0x80
CO_ITERABLE_COROUTINE = 0x100
CO_ASYNC_GENERATOR = 0x200


def ismodule(object):
    return isinstance(object, _types.ModuleType)


def isclass(object):
    return isinstance(object, type)


def ismethod(object):
    return isinstance(object, _types.MethodType)


def isfunction(object):
    return isinstance(object, _types.FunctionType)


def _has_code_flag(f, flag):
    while ismethod(f):
        f = f.__func__
    if not isfunction(f):
        return False
    return bool(f.__code__.co_flags & flag)


def isgeneratorfunction(obj):
    return _has_code_flag(obj, CO_GENERATOR)


def iscoroutinefunction(obj):
    return _has_code_flag(obj, CO_COROUTINE)


def isasyncgenfunction(obj):
    return _has_code_flag(obj, CO_ASYNC_GENERATOR)


def isgenerator(object):
    return isinstance(object, _types.GeneratorType)


def iscoroutine(object):
    return isinstance(object, _types.CoroutineType)


def isasyncgen(object):
    return isinstance(object, _types.AsyncGeneratorType)


def isawaitable(object):
    return iscoroutine(object) or hasattr(type(object), "__await__")


def istraceback(object):
    return isinstance(object, _types.TracebackType)


def isframe(object):
    return isinstance(object, _types.FrameType)


def iscode(object):
    return isinstance(object, _types.CodeType)


def isbuiltin(object):
    return isinstance(object, (_types.BuiltinFunctionType, _types.BuiltinMethodType))


def ismethoddescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__get__") and not hasattr(tp, "__set__")


def isdatadescriptor(object):
    if isclass(object) or ismethod(object) or isfunction(object):
        return False
    tp = type(object)
    return hasattr(tp, "__set__") or hasattr(tp, "__delete__")


def isroutine(object):
    return isbuiltin(object) or isfunction(object) or ismethod(object) \
        or ismethoddescriptor(object)


def isabstract(object):
    return bool(getattr(object, "__abstractmethods__", False))


def getmembers(object, predicate=None):
    results = []
    for key in dir(object):
        try:
            value = getattr(object, key)
        except AttributeError:
            continue
        if predicate is None or predicate(value):
            results.append((key, value))
    results.sort(key=lambda pair: pair[0])
    return results


def getmro(cls):
    return cls.__mro__


def cleandoc(doc):
    lines = doc.expandtabs().split("\n")
    margin = None
    for line in lines[1:]:
        content = len(line.lstrip())
        if content:
            indent = len(line) - content
            margin = indent if margin is None else min(margin, indent)
    lines[0] = lines[0].lstrip()
    if margin is not None:
        for i in range(1, len(lines)):
            lines[i] = lines[i][margin:]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return "\n".join(lines)


def getdoc(object):
    try:
        doc = object.__doc__
    except AttributeError:
        return None
    if doc is None and isclass(object):
        for base in object.__mro__[1:]:
            if base is not object and base.__doc__ is not None:
                doc = base.__doc__
                break
    if not isinstance(doc, str):
        return None
    return cleandoc(doc)


def getsource(object):
    raise OSError("could not get source code")


def unwrap(func, *, stop=None):
    seen = {id(func)}
    while hasattr(func, "__wrapped__"):
        if stop is not None and stop(func):
            break
        func = func.__wrapped__
        if id(func) in seen:
            raise ValueError(f"wrapper loop when unwrapping {func!r}")
        seen.add(id(func))
    return func


def currentframe():
    return _sys._getframe(1)


def stack():
    frames = []
    f = _sys._getframe(1)
    while f is not None:
        frames.append(FrameInfo(f, f.f_code.co_filename, f.f_lineno, f.f_code.co_name, None,
                                None))
        f = f.f_back
    return frames


FrameInfo = _namedtuple("FrameInfo", "frame filename lineno function code_context index")
FullArgSpec = _namedtuple(
    "FullArgSpec", "args varargs varkw defaults kwonlyargs kwonlydefaults annotations")


def getfullargspec(func):
    try:
        sig = _signature(func, skip_bound=False)
    except ValueError:
        raise TypeError("unsupported callable")
    args, kwonly, defaults, kwdefaults = [], [], (), {}
    varargs = varkw = None
    annotations = {}
    if sig.return_annotation is not sig.empty:
        annotations["return"] = sig.return_annotation
    for p in sig.parameters.values():
        if p.annotation is not p.empty:
            annotations[p.name] = p.annotation
        if p.kind <= _POSITIONAL_OR_KEYWORD:
            args.append(p.name)
            if p.default is not p.empty:
                defaults += (p.default,)
        elif p.kind == _VAR_POSITIONAL:
            varargs = p.name
        elif p.kind == _KEYWORD_ONLY:
            kwonly.append(p.name)
            if p.default is not p.empty:
                kwdefaults[p.name] = p.default
        else:
            varkw = p.name
    return FullArgSpec(args, varargs, varkw, defaults or None, kwonly, kwdefaults or None,
                       annotations)


class _empty:
    """Marker object for Signature.empty and Parameter.empty."""


class _ParameterKind(_IntEnum):
    POSITIONAL_ONLY = 0
    POSITIONAL_OR_KEYWORD = 1
    VAR_POSITIONAL = 2
    KEYWORD_ONLY = 3
    VAR_KEYWORD = 4

    def __str__(self):
        return self._name_

    @property
    def description(self):
        return _KIND_DESCRIPTIONS[self]


_POSITIONAL_ONLY = _ParameterKind.POSITIONAL_ONLY
_POSITIONAL_OR_KEYWORD = _ParameterKind.POSITIONAL_OR_KEYWORD
_VAR_POSITIONAL = _ParameterKind.VAR_POSITIONAL
_KEYWORD_ONLY = _ParameterKind.KEYWORD_ONLY
_VAR_KEYWORD = _ParameterKind.VAR_KEYWORD
_KIND_DESCRIPTIONS = {
    _POSITIONAL_ONLY: "positional-only",
    _POSITIONAL_OR_KEYWORD: "positional or keyword",
    _VAR_POSITIONAL: "variadic positional",
    _KEYWORD_ONLY: "keyword-only",
    _VAR_KEYWORD: "variadic keyword",
}


def formatannotation(annotation):
    if isinstance(annotation, type):
        if annotation.__module__ == "builtins":
            return annotation.__qualname__
        return annotation.__module__ + "." + annotation.__qualname__
    return repr(annotation)


class Parameter:
    empty = _empty
    POSITIONAL_ONLY = _POSITIONAL_ONLY
    POSITIONAL_OR_KEYWORD = _POSITIONAL_OR_KEYWORD
    VAR_POSITIONAL = _VAR_POSITIONAL
    KEYWORD_ONLY = _KEYWORD_ONLY
    VAR_KEYWORD = _VAR_KEYWORD

    def __init__(self, name, kind, *, default=_empty, annotation=_empty):
        self._name = name
        self._kind = _ParameterKind(kind)
        self._default = default
        self._annotation = annotation

    name = property(lambda self: self._name)
    kind = property(lambda self: self._kind)
    default = property(lambda self: self._default)
    annotation = property(lambda self: self._annotation)

    def replace(self, *, name=None, kind=None, default=_empty, annotation=_empty):
        return Parameter(self._name if name is None else name,
                         self._kind if kind is None else kind,
                         default=self._default if default is _empty else default,
                         annotation=self._annotation if annotation is _empty else annotation)

    def __str__(self):
        text = self._name
        if self._annotation is not _empty:
            text = f"{text}: {formatannotation(self._annotation)}"
        if self._default is not _empty:
            sep = " = " if self._annotation is not _empty else "="
            text = f"{text}{sep}{self._default!r}"
        if self._kind == _VAR_POSITIONAL:
            text = "*" + text
        elif self._kind == _VAR_KEYWORD:
            text = "**" + text
        return text

    def __repr__(self):
        return f'<{type(self).__name__} "{self}">'

    def __eq__(self, other):
        if not isinstance(other, Parameter):
            return NotImplemented
        return (self._name, self._kind, self._default, self._annotation) == \
            (other._name, other._kind, other._default, other._annotation)

    def __hash__(self):
        return hash((self._name, self._kind))


class BoundArguments:
    def __init__(self, signature, arguments):
        self._signature = signature
        self.arguments = arguments

    signature = property(lambda self: self._signature)

    @property
    def args(self):
        args = []
        for p in self._signature.parameters.values():
            if p.kind >= _KEYWORD_ONLY or p.name not in self.arguments:
                break
            if p.kind == _VAR_POSITIONAL:
                args.extend(self.arguments[p.name])
            else:
                args.append(self.arguments[p.name])
        return tuple(args)

    @property
    def kwargs(self):
        kwargs = {}
        started = False
        for p in self._signature.parameters.values():
            if not started:
                if p.kind >= _KEYWORD_ONLY or p.name not in self.arguments:
                    started = True
                else:
                    continue
            if p.name not in self.arguments:
                continue
            if p.kind == _VAR_KEYWORD:
                kwargs.update(self.arguments[p.name])
            elif p.kind != _VAR_POSITIONAL:
                kwargs[p.name] = self.arguments[p.name]
        return kwargs

    def apply_defaults(self):
        new = {}
        for name, p in self._signature.parameters.items():
            if name in self.arguments:
                new[name] = self.arguments[name]
            elif p.default is not _empty:
                new[name] = p.default
            elif p.kind == _VAR_POSITIONAL:
                new[name] = ()
            elif p.kind == _VAR_KEYWORD:
                new[name] = {}
        self.arguments = new

    def __repr__(self):
        items = ", ".join(f"{k}={v!r}" for k, v in self.arguments.items())
        return f"<BoundArguments ({items})>"


class Signature:
    empty = _empty

    def __init__(self, parameters=None, *, return_annotation=_empty):
        self._parameters = {p.name: p for p in parameters or ()}
        self._return_annotation = return_annotation

    parameters = property(lambda self: dict(self._parameters))
    return_annotation = property(lambda self: self._return_annotation)

    @classmethod
    def from_callable(cls, obj):
        return signature(obj)

    def replace(self, *, parameters=None, return_annotation=_empty):
        if parameters is None:
            parameters = self._parameters.values()
        if return_annotation is _empty:
            return_annotation = self._return_annotation
        return Signature(parameters, return_annotation=return_annotation)

    def __str__(self):
        parts = []
        slash = star = False
        for p in self._parameters.values():
            if p.kind == _POSITIONAL_ONLY:
                slash = True
            elif slash:
                parts.append("/")
                slash = False
            if p.kind == _VAR_POSITIONAL:
                star = True
            elif p.kind == _KEYWORD_ONLY and not star:
                parts.append("*")
                star = True
            parts.append(str(p))
        if slash:
            parts.append("/")
        text = "(" + ", ".join(parts) + ")"
        if self._return_annotation is not _empty:
            text += " -> " + formatannotation(self._return_annotation)
        return text

    def __repr__(self):
        return f"<{type(self).__name__} {self}>"

    def __eq__(self, other):
        if not isinstance(other, Signature):
            return NotImplemented
        return list(self._parameters.values()) == list(other._parameters.values()) and \
            self._return_annotation == other._return_annotation

    def _bind(self, args, kwargs, partial):
        arguments = {}
        params = list(self._parameters.values())
        kwargs = dict(kwargs)
        i = 0
        for p in params:
            if p.kind == _VAR_POSITIONAL:
                arguments[p.name] = tuple(args[i:])
                i = len(args)
                continue
            if p.kind >= _KEYWORD_ONLY or i >= len(args):
                break
            if p.kind != _POSITIONAL_ONLY and p.name in kwargs:
                raise TypeError(f"multiple values for argument {p.name!r}")
            arguments[p.name] = args[i]
            i += 1
        if i < len(args):
            raise TypeError("too many positional arguments")
        varkw = None
        for p in params:
            if p.kind == _VAR_KEYWORD:
                varkw = p
                continue
            if p.name in arguments or p.kind == _VAR_POSITIONAL:
                continue
            if p.kind != _POSITIONAL_ONLY and p.name in kwargs:
                arguments[p.name] = kwargs.pop(p.name)
            elif p.default is _empty and not partial:
                raise TypeError(f"missing a required argument: {p.name!r}")
        if kwargs:
            if varkw is None:
                raise TypeError(
                    f"got an unexpected keyword argument {next(iter(kwargs))!r}")
            arguments[varkw.name] = kwargs
        return BoundArguments(self, arguments)

    def bind(self, /, *args, **kwargs):
        return self._bind(args, kwargs, False)

    def bind_partial(self, /, *args, **kwargs):
        return self._bind(args, kwargs, True)


def _function_signature(func):
    code = func.__code__
    names = code.co_varnames
    npos = code.co_argcount
    nposonly = code.co_posonlyargcount
    nkw = code.co_kwonlyargcount
    defaults = func.__defaults__ or ()
    kwdefaults = func.__kwdefaults__ or {}
    annotations = func.__annotations__
    first_default = npos - len(defaults)
    params = []
    for i in range(npos):
        kind = _POSITIONAL_ONLY if i < nposonly else _POSITIONAL_OR_KEYWORD
        default = defaults[i - first_default] if i >= first_default else _empty
        params.append(Parameter(names[i], kind, default=default,
                                annotation=annotations.get(names[i], _empty)))
    at = npos + nkw
    if code.co_flags & CO_VARARGS:
        name = names[at]
        params.append(Parameter(name, _VAR_POSITIONAL,
                                annotation=annotations.get(name, _empty)))
        at += 1
    for name in names[npos:npos + nkw]:
        params.append(Parameter(name, _KEYWORD_ONLY, default=kwdefaults.get(name, _empty),
                                annotation=annotations.get(name, _empty)))
    if code.co_flags & CO_VARKEYWORDS:
        name = names[at]
        params.append(Parameter(name, _VAR_KEYWORD,
                                annotation=annotations.get(name, _empty)))
    return Signature(params, return_annotation=annotations.get("return", _empty))


def _drop_first(sig):
    params = list(sig.parameters.values())
    if not params or params[0].kind in (_VAR_POSITIONAL, _VAR_KEYWORD, _KEYWORD_ONLY):
        if params and params[0].kind == _VAR_POSITIONAL:
            return sig
        raise ValueError("invalid method signature")
    return sig.replace(parameters=params[1:])


def _signature(obj, follow_wrapped=True, skip_bound=True):
    if not callable(obj):
        raise TypeError(f"{obj!r} is not a callable object")
    if ismethod(obj):
        sig = _signature(obj.__func__, follow_wrapped)
        return _drop_first(sig) if skip_bound else sig
    if follow_wrapped:
        obj = unwrap(obj, stop=lambda f: hasattr(f, "__signature__"))
    sig = getattr(obj, "__signature__", None)
    if isinstance(sig, Signature):
        return sig
    if isfunction(obj):
        return _function_signature(obj)
    if isinstance(obj, type):
        for name in ("__init__", "__new__"):
            for base in obj.__mro__:
                meth = base.__dict__.get(name)
                if meth is not None and isfunction(meth):
                    return _drop_first(_function_signature(meth))
                if isinstance(meth, staticmethod) and isfunction(meth.__func__):
                    return _drop_first(_function_signature(meth.__func__))
        if obj.__init__ is object.__init__ and obj.__new__ is object.__new__:
            return Signature()
        raise ValueError(f"no signature found for builtin type {obj!r}")
    call = getattr(type(obj), "__call__", None)
    if call is not None and isfunction(call):
        return _drop_first(_function_signature(call))
    raise ValueError(f"no signature found for {obj!r}")


def signature(obj, *, follow_wrapped=True):
    return _signature(obj, follow_wrapped)

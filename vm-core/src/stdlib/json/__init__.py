from json.decoder import JSONDecoder, JSONDecodeError
from json.encoder import JSONEncoder

__all__ = ["dump", "dumps", "load", "loads", "JSONDecoder", "JSONDecodeError",
           "JSONEncoder"]


def dumps(obj, *, skipkeys=False, ensure_ascii=True, check_circular=True,
          allow_nan=True, cls=None, indent=None, separators=None, default=None,
          sort_keys=False, **kw):
    if cls is None:
        cls = JSONEncoder
    return cls(skipkeys=skipkeys, ensure_ascii=ensure_ascii,
               check_circular=check_circular, allow_nan=allow_nan, indent=indent,
               separators=separators, default=default, sort_keys=sort_keys,
               **kw).encode(obj)


def dump(obj, fp, **kw):
    fp.write(dumps(obj, **kw))


def loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None,
          parse_constant=None, object_pairs_hook=None, **kw):
    if isinstance(s, str):
        if s.startswith("\ufeff"):
            raise JSONDecodeError("Unexpected UTF-8 BOM (decode using utf-8-sig)", s, 0)
    elif isinstance(s, (bytes, bytearray)):
        s = bytes(s).decode("utf-8")
    else:
        raise TypeError("the JSON object must be str, bytes or bytearray, "
                        f"not {s.__class__.__name__}")
    if cls is None:
        cls = JSONDecoder
    return cls(object_hook=object_hook, parse_float=parse_float, parse_int=parse_int,
               parse_constant=parse_constant, object_pairs_hook=object_pairs_hook,
               **kw).decode(s)


def load(fp, **kw):
    return loads(fp.read(), **kw)

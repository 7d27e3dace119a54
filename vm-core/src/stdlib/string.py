whitespace = " \t\n\r\v\f"
ascii_lowercase = "abcdefghijklmnopqrstuvwxyz"
ascii_uppercase = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
ascii_letters = ascii_lowercase + ascii_uppercase
digits = "0123456789"
hexdigits = digits + "abcdef" + "ABCDEF"
octdigits = "01234567"
punctuation = r"""!"#$%&'()*+,-./:;<=>?@[\]^_`{|}~"""
printable = digits + ascii_letters + punctuation + whitespace


def capwords(s, sep=None):
    return (sep or " ").join(map(str.capitalize, s.split(sep)))


def _is_id_start(c):
    return c == "_" or c.isalpha()


class Template:
    delimiter = "$"
    braceidpattern = None

    def __init__(self, template):
        self.template = template

    def _scan(self, mapping, safe):
        t = self.template
        d = self.delimiter
        out = []
        i = 0
        n = len(t)
        while i < n:
            j = t.find(d, i)
            if j < 0:
                out.append(t[i:])
                break
            out.append(t[i:j])
            k = j + len(d)
            if t.startswith(d, k):
                out.append(d)
                i = k + len(d)
                continue
            braced = k < n and t[k] == "{"
            s = k + 1 if braced else k
            e = s
            if e < n and t[e].isascii() and _is_id_start(t[e]):
                e += 1
                while e < n and t[e].isascii() and (t[e].isalnum() or t[e] == "_"):
                    e += 1
            name = t[s:e]
            if not name or (braced and not t.startswith("}", e)):
                if safe:
                    out.append(d)
                    i = k
                    continue
                self._invalid(k)
            end = e + 1 if braced else e
            try:
                out.append(str(mapping[name]))
            except KeyError:
                if not safe:
                    raise
                out.append(t[j:end])
            i = end
        return "".join(out)

    def _invalid(self, i):
        lines = self.template[:i].splitlines(keepends=True)
        if not lines:
            colno, lineno = 1, 1
        else:
            colno = i - len("".join(lines[:-1]))
            lineno = len(lines)
        raise ValueError(f"Invalid placeholder in string: line {lineno}, col {colno}")

    def substitute(self, mapping=None, /, **kws):
        return self._scan(_merge(mapping, kws), False)

    def safe_substitute(self, mapping=None, /, **kws):
        return self._scan(_merge(mapping, kws), True)


def _merge(mapping, kws):
    if mapping is None:
        return kws
    if kws:
        m = dict(mapping)
        m.update(kws)
        return m
    return mapping

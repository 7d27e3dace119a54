# parsing key=value config text and rebuilding it
text = """
# comment line
name = Tiercel
version=0.3.1
  debug = true
paths = /usr/lib, /opt/lib ,/home/x
empty =
bad line without equals
"""
config, errors = {}, []
for lineno, raw in enumerate(text.splitlines(), 1):
    line = raw.strip()
    if not line or line.startswith("#"):
        continue
    key, sep, value = line.partition("=")
    if not sep:
        errors.append(f"line {lineno}: missing '='")
        continue
    config[key.strip()] = value.strip()
print(config)
print(errors)
config["paths"] = [p.strip() for p in config["paths"].split(",")]
config["debug"] = config["debug"].lower() in ("1", "true", "yes")
config["version"] = tuple(int(x) for x in config["version"].split("."))
print(config)
out = "\n".join(f"{k} = {','.join(v) if isinstance(v, list) else '.'.join(map(str, v)) if isinstance(v, tuple) else str(v).lower() if isinstance(v, bool) else v}" for k, v in sorted(config.items()))
print(out)
query = "a=1&b=two&c=&a=3&flag"
params = {}
for part in query.split("&"):
    k, _, v = part.partition("=")
    params.setdefault(k, []).append(v)
print(params)
print("&".join(f"{k}={v}" for k, vs in params.items() for v in vs))

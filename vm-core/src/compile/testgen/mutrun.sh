python3 /tmp/gen/mut.py "$@" 2>/dev/null
cd /tmp/gen && python3 - <<'PY'
import json, subprocess, os, ast
cases = json.load(open('/tmp/gen/mut.json'))
out = []
for src in cases:
    with open('/tmp/gen/ef/f.py', 'w') as fh: fh.write(src)
    r = subprocess.run(['python3', 'f.py'], capture_output=True, text=True, cwd='/tmp/gen/ef', env={'PYTHONPATH': '/tmp/gen/site', 'PATH': os.environ['PATH']})
    line = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else ''
    if not line or 'Error' not in line.split(' ')[0]: continue
    name, rest = line.split(' ', 1)
    args = ast.literal_eval(rest)
    _, lineno, offset, _, end_lineno, end_offset = args[1]
    eo = end_offset if end_offset is not None and end_offset > 0 else 0
    out.append([src, [name, args[0], lineno or 0, offset or 0, end_lineno or 0, eo]])
json.dump(out, open('/tmp/gen/mut_expected.json', 'w'))
open('/tmp/gen/mut_lines.txt','w').write('\x1e'.join('\x1f'.join([s] + [str(x) for x in e]) for s, e in out))
print(len(out))
PY

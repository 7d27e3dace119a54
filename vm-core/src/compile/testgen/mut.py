import random, tokenize, io, json, subprocess, os, ast
import sys; random.seed(int(sys.argv[1]))
samples = [open('/tmp/gen/std/' + f).read() for f in sys.argv[2:]]
INS = ['(', ')', '[', ']', '{', '}', ':', ',', '\n', '    ', '=', 'lambda', 'yield', '*', '**', 'not', 'in', 'if', 'else', 'for', 'def', 'return', '@', '.', '1', 'x', '"s"', ':=', 'import', 'from', 'as', 'del', 'pass', 'class', 'while', 'try', 'except']
cases = []
for s in samples:
    toks = [t for t in tokenize.generate_tokens(io.StringIO(s).readline)]
    # take a window of ~12 lines to keep cases small
    lines = s.split('\n')
    for _ in range(120):
        start = random.randrange(0, max(1, len(lines) - 12))
        chunk = '\n'.join(lines[start:start + 12]) + '\n'
        try:
            ctoks = [t for t in tokenize.generate_tokens(io.StringIO(chunk).readline)]
        except Exception:
            continue
        pieces = []
        lines_c = chunk.split('\n')
        # rebuild via offsets
        def off(r, c):
            return sum(len(l) + 1 for l in lines_c[:r - 1]) + c
        cuts = sorted(set([0, len(chunk)] + [off(*t.start) for t in ctoks] + [off(*t.end) for t in ctoks]))
        pieces = [chunk[a:b] for a, b in zip(cuts, cuts[1:]) if b > a]
        if not pieces: continue
        for _ in range(random.choice([1, 1, 2, 3])):
            if not pieces: break
            op = random.randrange(3)
            i = random.randrange(len(pieces))
            if op == 0: del pieces[i]
            elif op == 1: pieces.insert(i, random.choice(INS))
            else: pieces.insert(i, pieces[i])
        src = ''.join(pieces)
        try:
            compile(src, 'f', 'exec')
            continue
        except SyntaxError:
            pass
        except Exception:
            continue
        cases.append(src)
print(len(cases))
json.dump(cases, open('/tmp/gen/mut.json', 'w'))

# a tiny stack-based virtual machine
class VMError(Exception):
    pass
def run(program, trace=False):
    stack, pc, out, env = [], 0, [], {}
    labels = {ins[1]: i for i, ins in enumerate(program) if ins[0] == "label"}
    steps = 0
    while pc < len(program):
        steps += 1
        if steps > 10000:
            raise VMError("step limit exceeded")
        op, *args = program[pc]
        pc += 1
        if trace:
            print("  ", op, args, stack)
        if op == "push":
            stack.append(args[0])
        elif op == "pop":
            stack.pop()
        elif op in ("add", "sub", "mul", "div", "mod", "lt", "eq"):
            if len(stack) < 2:
                raise VMError(f"stack underflow in {op} at {pc - 1}")
            b, a = stack.pop(), stack.pop()
            if op == "add": stack.append(a + b)
            elif op == "sub": stack.append(a - b)
            elif op == "mul": stack.append(a * b)
            elif op == "div":
                if b == 0:
                    raise VMError("division by zero")
                stack.append(a // b)
            elif op == "mod": stack.append(a % b)
            elif op == "lt": stack.append(int(a < b))
            else: stack.append(int(a == b))
        elif op == "dup":
            stack.append(stack[-1])
        elif op == "swap":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif op == "store":
            env[args[0]] = stack.pop()
        elif op == "load":
            stack.append(env[args[0]])
        elif op == "jmp":
            pc = labels[args[0]]
        elif op == "jz":
            if stack.pop() == 0:
                pc = labels[args[0]]
        elif op == "print":
            out.append(stack.pop())
        elif op == "label":
            pass
        else:
            raise VMError(f"unknown op {op!r}")
    return out, stack, steps
fact = [("push", 1), ("store", "acc"), ("push", 10), ("store", "n"),
        ("label", "loop"), ("load", "n"), ("jz", "end"),
        ("load", "acc"), ("load", "n"), ("mul",), ("store", "acc"),
        ("load", "n"), ("push", 1), ("sub",), ("store", "n"), ("jmp", "loop"),
        ("label", "end"), ("load", "acc"), ("print",)]
print(run(fact))
print(run([("push", 2), ("push", 3), ("add",), ("dup",), ("mul",), ("print",), ("push", 7), ("push", 2), ("swap",), ("mod",)], trace=True))
for prog in ([("add",)], [("push", 1), ("push", 0), ("div",)], [("bogus",)], [("label", "x"), ("jmp", "x")]):
    try:
        run(prog)
    except VMError as e:
        print(type(e).__name__, e)

# A small operating-system-like task scheduler, in the spirit of the classic "richards"
# workload but written independently: tasks of several kinds exchange message packets
# through per-task queues; a scheduler always runs the highest-priority runnable task.
# Exercises classes, single inheritance, method calls, attribute reads and writes, linked lists.

KIND_WORK = 0
KIND_DEVICE = 1


class Packet:
    def __init__(self, dest, kind):
        self.next = None
        self.dest = dest
        self.kind = kind
        self.value = 0
        self.reply = None
        self.payload = [0, 0, 0, 0]

    def append_to(self, head):
        self.next = None
        if head is None:
            return self
        p = head
        while p.next is not None:
            p = p.next
        p.next = self
        return head


class Task:
    def __init__(self, sched, ident, priority):
        self.sched = sched
        self.ident = ident
        self.priority = priority
        self.queue = None
        self.waiting = False
        self.held = False
        self.runs = 0

    def runnable(self):
        if self.held:
            return False
        if self.waiting:
            return self.queue is not None
        return True

    def take(self):
        p = self.queue
        if p is not None:
            self.queue = p.next
            self.waiting = False
        return p

    def receive(self, packet):
        self.queue = packet.append_to(self.queue)

    def step(self, packet):
        raise NotImplementedError


class IdleTask(Task):
    def __init__(self, sched, ident, priority, seed, budget):
        Task.__init__(self, sched, ident, priority)
        self.seed = seed
        self.budget = budget

    def step(self, packet):
        self.budget -= 1
        if self.budget == 0:
            self.sched.halt()
            return
        if self.seed & 1:
            self.seed = (self.seed >> 1) ^ 0xD008
            self.sched.release(self.sched.device_b)
        else:
            self.seed = self.seed >> 1
            self.sched.release(self.sched.device_a)


class WorkerTask(Task):
    def __init__(self, sched, ident, priority):
        Task.__init__(self, sched, ident, priority)
        self.target = 0
        self.counter = 0

    def step(self, packet):
        if packet is None:
            self.waiting = True
            return
        self.target = 1 - self.target
        packet.dest = self.sched.handlers[self.target]
        packet.value = self.target
        for i in range(4):
            self.counter += 1
            if self.counter > 26:
                self.counter = 1
            packet.payload[i] = self.counter
        self.sched.send(packet)


class HandlerTask(Task):
    def __init__(self, sched, ident, priority, device):
        Task.__init__(self, sched, ident, priority)
        self.device = device
        self.work = None
        self.devq = None

    def step(self, packet):
        if packet is not None:
            if packet.kind == KIND_WORK:
                self.work = packet.append_to(self.work)
            else:
                self.devq = packet.append_to(self.devq)
        if self.work is not None:
            w = self.work
            idx = w.value
            if idx > 3:
                self.work = w.next
                w.dest = self.sched.worker
                self.sched.send(w)
                return
            if self.devq is not None:
                d = self.devq
                self.devq = d.next
                d.value = w.payload[idx]
                d.dest = self.device
                d.reply = self
                w.value = idx + 1
                self.sched.send(d)
                return
        self.waiting = True


class DeviceTask(Task):
    def __init__(self, sched, ident, priority):
        Task.__init__(self, sched, ident, priority)
        self.pending = None
        self.total = 0

    def step(self, packet):
        if packet is None:
            p = self.pending
            if p is None:
                self.waiting = True
                return
            self.pending = None
            p.dest = p.reply
            self.sched.send(p)
        else:
            self.pending = packet
            self.total += packet.value
            self.held = True


class Scheduler:
    def __init__(self):
        self.tasks = []
        self.running = True
        self.switches = 0

    def add(self, task):
        self.tasks.append(task)
        self.tasks.sort(key=lambda t: -t.priority)
        return task

    def halt(self):
        self.running = False

    def release(self, task):
        task.held = False

    def send(self, packet):
        dest = packet.dest
        packet.dest = None
        dest.receive(packet)

    def run(self):
        while self.running:
            chosen = None
            for t in self.tasks:
                if t.runnable():
                    chosen = t
                    break
            if chosen is None:
                break
            self.switches += 1
            chosen.runs += 1
            packet = chosen.take() if chosen.waiting or chosen.queue is not None else None
            chosen.step(packet)


def build(budget):
    s = Scheduler()
    s.device_a = s.add(DeviceTask(s, "devA", 4000))
    s.device_b = s.add(DeviceTask(s, "devB", 5000))
    ha = s.add(HandlerTask(s, "handA", 2000, s.device_a))
    hb = s.add(HandlerTask(s, "handB", 3000, s.device_b))
    s.handlers = [ha, hb]
    worker = s.add(WorkerTask(s, "work", 1000))
    s.worker = worker
    s.add(IdleTask(s, "idle", 0, 1, budget))
    for _ in range(2):
        worker.receive(Packet(worker, KIND_WORK))
    for h, d in ((ha, s.device_a), (hb, s.device_b)):
        for _ in range(3):
            h.receive(Packet(d, KIND_DEVICE))
    return s


def main():
    total = 0
    for round_ in range(5):
        s = build(15000 + round_ * 2000)
        s.run()
        line = " ".join("%s:%d" % (t.ident, t.runs) for t in s.tasks)
        print(s.switches, line, s.device_a.total, s.device_b.total)
        total += s.switches
    print("total switches", total)


main()

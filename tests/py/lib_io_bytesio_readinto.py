# BytesIO.readinto fills a writable buffer from the current position.
import io

f = io.BytesIO(b"abcdefgh")
buf = bytearray(3)
print(f.readinto(buf), buf)
print(f.readinto(buf), buf)
print(f.readinto(buf), buf)
print(f.readinto(buf), buf, f.tell())

f.seek(1)
mv = memoryview(bytearray(4))
print(f.readinto(mv), mv.tobytes())

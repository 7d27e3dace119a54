# slicing and stepping through strings with non-ASCII characters
s = "αβγδεζηθ"
print(s[0], s[-1], s[2:5], s[::2], s[1::2], s[::-1], s[-2::-2], s[5:1:-1], s[100:], s[-100:2])
mixed = "a→b←c↔d"
print(len(mixed), mixed.index("b"), mixed.split("←"), mixed[1], mixed.replace("→", "->"), [ord(c) for c in mixed[:3]])
emoji = "x😀y"
print(len(emoji), emoji[1] == "\U0001F600", emoji[::-1] == "y\U0001F600x", emoji.encode("utf-8"), len(emoji.encode()))
print("straße".upper(), "İ".lower() == "i̇", "ǈ".upper(), "ß" in "straße", "ÅNGSTRÖM".lower(), "ñ".isalpha(), "٣".isdigit())
word = "naïveté"
print(word.find("é"), word.count("e"), word.capitalize(), word.center(11, "·"), word.encode("utf-8").decode("utf-8") == word)
for i, ch in enumerate("añ日"):
    print(i, ch, hex(ord(ch)), ch.encode("utf-8"))

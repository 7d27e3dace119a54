ran = []
if __name__ == "__main__":
    ran.append("as main")
else:
    ran.append("imported as " + __name__)

partial = 1
raise ValueError("broken on import")

"""Running the Python blocks of the README and the guide as written."""


def run_as_written(block):
    """Runs a documented Python block line by line; a line followed by a
    `# <repr>` comment must give that value."""
    lines = block.splitlines()
    names, checked = {}, 0
    for line, after in zip(lines, lines[1:] + [""]):
        if not line.strip() or line.startswith("#"):
            continue
        code = line.split("  #")[0]
        if after.startswith(("# '", "# [", "# {")):
            assert repr(eval(code, names)) == after[2:].split("  ")[0].strip(), line
            checked += 1
        else:
            exec(code, names)
    return checked


"""Checks Maestro flows as the export tests need: each file parses as YAML (PyYAML), holds a config document with
appId and a list of commands, and uses only the commands listed in maestro-commands.txt. Prints one line per
problem; exit 1 when there is one."""
import pathlib
import sys

import yaml

here = pathlib.Path(__file__).parent
known = {line.strip() for line in (here / "maestro-commands.txt").read_text().splitlines()
         if line.strip() and not line.startswith("#")}
problems = []
for name in sys.argv[1:]:
    try:
        documents = list(yaml.safe_load_all(pathlib.Path(name).read_text(encoding="utf-8")))
    except yaml.YAMLError as error:
        problems.append(f"{name}: not YAML: {error}")
        continue
    if len(documents) != 2 or not isinstance(documents[0], dict) or not isinstance(documents[1], list):
        problems.append(f"{name}: not a config document and a list of commands")
        continue
    if not isinstance(documents[0].get("appId"), str):
        problems.append(f"{name}: no appId")
    for item in documents[1]:
        command = item if isinstance(item, str) else next(iter(item)) if isinstance(item, dict) and len(item) == 1 else None
        if command not in known:
            problems.append(f"{name}: not a Maestro command: {item!r}")
if problems:
    print("\n".join(problems))
sys.exit(1 if problems else 0)

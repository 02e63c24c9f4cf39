#!/usr/bin/env python3
"""Writes a generated modular app for timing the graph checker: SERVICES services spread over
MODULES modules (Sources/Module0 … Sources/ModuleN), each module with its service types in one
file and an assembly in another, services depending on services of their own and earlier
modules, with names, lifetimes, auto-wired initializers and factory closures.

    Scripts/generate-app.py OUTPUT [SERVICES=2000] [MODULES=10]
    time .build/debug/graphcheck $(find OUTPUT -name '*.swift')
"""
import os
import random
import sys

output = sys.argv[1]
services = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
modules = int(sys.argv[3]) if len(sys.argv) > 3 else 10
rng = random.Random(45)
per_module = services // modules
lifetimes = ["", "", ", lifetime: .singleton", ", lifetime: .graph"]

for module in range(modules):
    folder = os.path.join(output, "Sources", f"Module{module}")
    os.makedirs(folder, exist_ok=True)
    types, lines = [], []
    for local in range(per_module):
        index = module * per_module + local
        earlier = list(range(max(0, index - 40), index))
        dependencies = rng.sample(earlier, min(len(earlier), rng.randint(0, 3)))
        parameters = ", ".join(f"d{n}: S{d}" for n, d in enumerate(dependencies))
        types.append(f"public final class S{index}: Sendable {{\n    public init({parameters}) {{}}\n}}")
        lifetime = rng.choice(lifetimes)
        if rng.random() < 0.5:
            lines.append(f"        container.register(S{index}.self{lifetime}, initializer: S{index}.init)")
        else:
            arguments = ", ".join(f"d{n}: try r.resolve(S{d}.self)" for n, d in enumerate(dependencies))
            lines.append(f"        container.register(S{index}.self{lifetime}) {{ r in\n            S{index}({arguments})\n        }}")
    imports = "".join(f"import Module{m}\n" for m in range(module))
    with open(os.path.join(folder, "Services.swift"), "w") as file:
        file.write(imports + "\n" + "\n".join(types) + "\n")
    with open(os.path.join(folder, "Assembly.swift"), "w") as file:
        file.write(
            "import DIContainer\n" + imports + f"\npublic struct Module{module}Assembly: Assembly {{\n    public init() {{}}\n\n"
            + "    public func assemble(into container: Container) {\n" + "\n".join(lines) + "\n    }\n}\n")
root = os.path.join(output, "Sources", "App")
os.makedirs(root, exist_ok=True)
with open(os.path.join(root, "main.swift"), "w") as file:
    file.write("// graphcheck: root\nimport DIContainer\n" + "".join(f"import Module{m}\n" for m in range(modules))
               + "\nlet container = Container()\ncontainer.apply("
               + ", ".join(f"Module{m}Assembly()" for m in range(modules)) + ")\n"
               + f"print(try container.resolve(S{services - 1}.self))\n")

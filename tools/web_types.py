"""Write the web app's protocol types (web/src/protocol.ts) from
docs/protocol.schema.json, so the page's idea of the frames is the
server's; ``--check`` fails when the written file is not current (CI).

    python tools/web_types.py [--check]

An object schema with a ``title`` (the view's parts, the frames) becomes
a named interface; every other schema is written inline. The rule set is
read by key (``rules["max_draws"]``) and written as a record.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = ROOT / "docs" / "protocol.schema.json"
TARGET = ROOT / "web" / "src" / "protocol.ts"
OPAQUE = {"RuleSet": "Record<string, unknown>"}
"""Titled schemas the page reads by key rather than by field."""
ROOTS = {"ServerFrame": "ServerFrame", "ClientFrame": "ClientFrame", "Event": "GameEvent"}
"""The unions the page imports, and their names there."""


class Writer:
    def __init__(self, defs: dict[str, Any]) -> None:
        self.defs = defs
        self.named: dict[str, str] = {}
        """Interface name -> its declaration, in the order first met."""
        self.seen: dict[str, Any] = {}

    def name_of_def(self, ref: str) -> str:
        key = ref.rsplit("/", 1)[-1]
        if key in ROOTS:
            return ROOTS[key]
        schema = self.defs[key]
        return self.interface(schema, schema.get("title") or key[0].upper() + key[1:])

    def type(self, schema: Any, indent: str = "") -> str:
        if schema is True or schema == {}:
            return "unknown"
        if "$ref" in schema:
            return self.name_of_def(schema["$ref"])
        if schema.get("title") in OPAQUE:
            return OPAQUE[schema["title"]]
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return union([self.type(s, indent) for s in schema[key]])
        if "const" in schema:
            return json.dumps(schema["const"])
        if "enum" in schema:
            return union([json.dumps(v) for v in schema["enum"]])
        kind = schema.get("type")
        if isinstance(kind, list):
            return union([self.type({**schema, "type": k}, indent) for k in kind])
        if kind == "object":
            title = schema.get("title")
            if title and "properties" in schema:
                return self.interface(schema, title)
            return self.body(schema, indent)
        if kind == "array":
            item = self.type(schema.get("items", {}), indent)
            size = schema.get("minItems")
            if size is not None and size == schema.get("maxItems"):
                return "[" + ", ".join([item] * size) + "]"  # a cell, a tile's corners
            return f"({item})[]" if " | " in item else f"{item}[]"
        return {
            "string": "string",
            "integer": "number",
            "number": "number",
            "boolean": "boolean",
            "null": "null",
        }.get(kind, "unknown")

    def body(self, schema: dict[str, Any], indent: str) -> str:
        properties = schema.get("properties")
        if not properties:
            extra = schema.get("additionalProperties")
            value = self.type(extra, indent) if isinstance(extra, dict) else "unknown"
            return f"Record<string, {value}>"
        required = set(schema.get("required", []))
        inner = indent + "  "
        lines = ["{"]
        for name, part in properties.items():
            description = part.get("description") if isinstance(part, dict) else None
            if description:
                lines.append(doc(description, inner))
            mark = "" if name in required else "?"
            lines.append(f"{inner}{name}{mark}: {self.type(part, inner)};")
        lines.append(indent + "}")
        return "\n".join(lines)

    def interface(self, schema: dict[str, Any], name: str) -> str:
        previous = self.seen.get(name)
        if previous is not None:
            if previous != schema:
                raise ValueError(f"two schemas are called {name}")
            return name
        self.seen[name] = schema
        self.named[name] = ""  # its place, before what it refers to is written
        description = schema.get("description")
        head = doc(description, "") + "\n" if description else ""
        self.named[name] = f"{head}export interface {name} {self.body(schema, '')}\n"
        return name


def doc(text: str, indent: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines()]
    if len(lines) == 1:
        return f"{indent}/** {lines[0]} */"
    return "\n".join([f"{indent}/**", *(f"{indent} * {line}" for line in lines), f"{indent} */"])


def union(parts: list[str]) -> str:
    unique = list(dict.fromkeys(parts))
    return " | ".join(unique)


def generate() -> str:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    writer = Writer(schema["$defs"])
    unions = []
    for key, name in ROOTS.items():
        members = [writer.type(s) for s in writer.defs[key]["oneOf"]]
        unions.append(f"export type {name} =\n  | " + "\n  | ".join(members) + ";\n")
    header = (
        "// Generated by tools/web_types.py from docs/protocol.schema.json: do not edit.\n"
        "// The WebSocket frames of the server's contract (docs/protocol.md).\n\n"
    )
    return header + "\n".join([*writer.named.values(), *unions])


if __name__ == "__main__":
    text = generate()
    if "--check" in sys.argv:
        if not TARGET.exists() or TARGET.read_text(encoding="utf-8") != text:
            sys.exit(f"{TARGET.relative_to(ROOT)} is not current: python tools/web_types.py")
    else:
        TARGET.write_text(text, encoding="utf-8")

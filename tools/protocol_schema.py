"""Write docs/protocol.schema.json from the code (a test checks it is current).

python tools/protocol_schema.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from triominoes.server.protocol import protocol_schema  # noqa: E402

TARGET = ROOT / "docs" / "protocol.schema.json"


def text() -> str:
    return json.dumps(protocol_schema(), indent=1, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    TARGET.write_text(text(), encoding="utf-8")

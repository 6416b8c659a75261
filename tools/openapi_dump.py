"""Write the generated contract files: openapi.yaml and the error-code table of docs/errors.md.

`make openapi` runs this; tests fail when the committed files differ from what the code produces.
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

from service import create_app
from service.api.errors import codes_markdown

ROOT = Path(__file__).resolve().parents[1]
ERRORS_DOC = ROOT / "docs" / "errors.md"
TABLE_START = "<!-- codes:start -->\n"
TABLE_END = "<!-- codes:end -->\n"


class _NoAliasDumper(yaml.SafeDumper):
    """Write a shared object out in full each time: no `&id001` anchors or `*id001` aliases.

    The spec reuses Python objects (one examples list under many schemas); YAML aliases for them
    are legal but many parsers cap them (SnakeYAML, behind openapi-generator, refuses more than 50).
    """

    def ignore_aliases(self, data: object) -> bool:
        return True


def spec_yaml() -> str:
    app = create_app()
    with app.app_context():
        spec = app.extensions["trickref_api"].contract()
    return yaml.dump(spec, Dumper=_NoAliasDumper, sort_keys=True, allow_unicode=True, width=100)


def errors_doc(current: str) -> str:
    head, _, rest = current.partition(TABLE_START)
    _, _, tail = rest.partition(TABLE_END)
    return head + TABLE_START + codes_markdown() + TABLE_END + tail


if __name__ == "__main__":
    (ROOT / "openapi.yaml").write_text(spec_yaml())
    ERRORS_DOC.write_text(errors_doc(ERRORS_DOC.read_text()))
    sys.stdout.write("wrote openapi.yaml and docs/errors.md\n")

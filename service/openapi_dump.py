"""Print the app's OpenAPI document as YAML (`make openapi` writes it to openapi.yaml)."""

from __future__ import annotations

import sys

import yaml

from service import create_app


def spec_yaml() -> str:
    app = create_app()
    with app.app_context():
        spec = app.extensions["flask-smorest"]["apis"][""]["spec"].to_dict()
    return yaml.safe_dump(spec, sort_keys=True, allow_unicode=True, width=100)


if __name__ == "__main__":
    sys.stdout.write(spec_yaml())

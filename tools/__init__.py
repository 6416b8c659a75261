"""Build-time scripts, not shipped: `make openapi` runs them to regenerate the committed contract
files (schemas/examples.json, openapi.yaml, the code table of docs/errors.md) from the app itself."""

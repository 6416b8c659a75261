"""Pure rules core: standard library only, no web framework, strictly typed."""

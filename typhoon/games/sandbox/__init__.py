"""Sandbox: any data kit played without rules enforcement (``package.package_from_kit``)."""

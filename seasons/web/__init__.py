"""Seasons's edges: pages, forms, URLs and the REST API."""

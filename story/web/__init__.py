"""Story's edges: pages, forms, URLs, the REST API and the live timeline's socket."""

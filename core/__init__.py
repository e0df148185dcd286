"""What every app stands on and no app owns: the one error hierarchy, hot-path statements, the shared
cache client, the rate limiter and the one entry of untrusted JSON. ``core`` imports no app of Garnet."""

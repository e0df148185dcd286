"""Play from Discord through its HTTP interactions endpoint (no gateway bot: it scales with the web replicas).

``signature`` checks every request, ``interactions`` routes a verified one to the commands
(``commands``), the move form as components (``moves``) and the hosts' controls (``host``);
``register`` puts the command set on Discord and ``reminders`` sends deadline DMs.
"""

"""The ABC game (Ally / Betray / Censure): a 5-player Main Match. See RULES.md."""

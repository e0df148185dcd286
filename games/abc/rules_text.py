"""The ABC Game in our words (from RULES.md), for the rules panel and the rules page."""

from __future__ import annotations

from games.rules_text import RulesText, Table

VARIANTS = [""]

PAYOFF = Table(
    caption="Points per pair each round (you · your pair · the X)",
    head=("you \\ your pair", "Ally", "Betray", "Censure"),
    rows=(
        ("Ally", "2 · 2 · X 1", "−2 · 3 · X 0", "2 · −2 · X −1"),
        ("Betray", "3 · −2 · X 0", "0 · 0 · X 2", "−2 · 3 · X −1"),
        ("Censure", "−2 · 2 · X −1", "3 · −2 · X −1", "−2 · −2 · X 2"),
    ),
)

ACTIONS = {
    "ally": "Ally: you get 2 if your pair allies or censures, −2 if they betray.",
    "betray": "Betray: you get 3 if your pair allies, 0 if they betray too, −2 if they censure.",
    "censure": "Censure: you get 3 if your pair betrays, −2 otherwise.",
}


def rules(variant: str) -> RulesText:
    """The ABC Game's rules text (it has no variants)."""
    return RulesText(
        name="The ABC Game",
        variant=variant,
        summary=(
            "5 players, 5 rounds. Each round one player is the X and splits the other four into two pairs.",
            "Each paired player secretly chooses Ally, Betray or Censure towards their pair; the table gives the points. "
            "The X scores what both pairs give the X.",
            "You may double your round's payout (gain or loss) by paying garnets: 2 for the first double, then 3, 4, 5, 6.",
            "After round 5 the sole leader earns 2 Tokens of Life (two tied leaders 1 each; three or more: none). "
            "Everyone earns 1 garnet per full 5 points. The lowest score is the Elimination Candidate.",
        ),
        default_move="The X's missing pairing pairs the others in seat order (1st with 2nd, 3rd with 4th); "
        "a missing action is Ally; a missing move never doubles. A winner's missing EC choice names the tied "
        "player with the fewest garnets.",
        tables=(PAYOFF,),
        abilities=tuple((k.title(), v) for k, v in ACTIONS.items()),
        ability_heading="Actions",
        card_help=lambda card: ACTIONS.get(card.lower(), ""),
    )

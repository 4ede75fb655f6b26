"""What a card named in a question brings (issue 31, point 2): the rules its types, keywords and kinds
of ability point to, its rulings that meet the question's words under the rules, and the rerankers
that weigh them (:mod:`indexer.card_evidence`, :meth:`indexer.retrieve.Retriever.card_evidence`)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from indexer.card_evidence import (card_evidence, card_kind, dependent, keyword_rules, rules_for_pairs, together,
                                   type_changes, with_named)
from indexer.params import DEFAULT
from indexer.searcher import search
from indexer.vocab import vocabulary
from kb.cli import main

from .cardtools import cards_kb  # noqa: F401  (a fixture)


def brought(kb, name: str) -> dict[str, str]:
    card = kb.cards_named(name)[0].card
    found = card_evidence(card.type, card.text, card.keywords, card.mana_cost, keyword_rules(vocabulary().concepts),
                          card.name)
    return dict((rule, why) for rule, why in found)


@pytest.mark.parametrize("name, rules", [
    ("Thalia, Guardian of Thraben", {"704.5j": "legendary", "702.7": "keyword First strike", "601.2f": "cost change"}),
    ("Humility", {"613": "characteristic-changing effect"}),
    ("Opalescence", {"613": "characteristic-changing effect"}),
    ("Blood Moon", {"613": "characteristic-changing effect", "305.7": "land type change"}),
    ("Doubling Season", {"614": "replacement effect"}),
    ("Pithing Needle", {"614.1c": "modifies how it enters", "614": None, "602.5": "activation forbidden"}),
    ("Kitchen Finks", {"702.79": "keyword Persist", "603.6": "enters or leaves trigger"}),
    ("Karn Liberated", {"704.5j": "legendary", "306": "planeswalker", "606": "planeswalker", "120.3c": "planeswalker"}),
    ("Reshape", {"107.3": "X in its mana cost"}),
    ("Frogify", {"303.4": "aura", "704.5m": "aura", "608.3b": "aura"}),  # an Aura unattached; its spell's target gone
    ("Wrath of God", {"307": "sorcery"}),
    ("Erayo, Soratami Ascendant // Erayo's Essence", {"710": "flip card"}),
    ("Loyal Cathar // Unhallowed Cathar", {"712": "double-faced card"}),
])
def test_a_card_brings_the_rules_of_what_it_is(cards_kb, name, rules) -> None:  # noqa: F811
    found = brought(cards_kb, name)
    assert {rule: found.get(rule) for rule in rules} == rules


def test_a_card_of_plain_effects_brings_only_its_type(cards_kb) -> None:  # noqa: F811
    assert brought(cards_kb, "Wrath of God") == {"307": "sorcery"}  # its rulings may still say more


@pytest.mark.parametrize("name, type_line, rules", [  # type lines as MTGJSON's faces give them
    ("Fire // Ice", "Instant // Instant", ("709",)),
    ("Commit // Memory", "Instant // Sorcery", ("709",)),
    ("Bonecrusher Giant // Stomp", "Creature — Giant // Instant — Adventure", ("715",)),
    ("Agadeem's Awakening // Agadeem, the Undercrypt", "Sorcery // Land", ("712",)),
    ("Lightning Bolt", "Instant", None),
])
def test_a_multi_face_cards_kind_is_told_from_its_faces(name, type_line, rules) -> None:
    kind = card_kind(name, type_line, "")
    assert (kind[0] if kind else None) == rules


def test_two_cards_of_replacement_effects_bring_the_rule_that_orders_them(cards_kb) -> None:  # noqa: F811
    season = frozenset(brought(cards_kb, "Doubling Season"))
    furnace = frozenset(dict(card_evidence("Enchantment", "If a source would deal damage to a permanent or player, it "
                                           "deals double that damage to that permanent or player instead.",
                                           (), "{1}{R}{R}{R}", {}, "Furnace of Rath")))
    both = together((season, furnace))
    assert all({"616", "616.1", "616.1f", "614.5"} <= rules for rules in both[:2])
    assert both[2:] == (frozenset({"616", "616.1", "616.1f", "614.5"}),)  # counted once more than each card alone
    assert together((season,), (2,))[1:] == (frozenset({"616", "616.1", "616.1f", "614.5"}),)  # two Doubling Seasons
    assert together((season, frozenset(brought(cards_kb, "Humility")))) == (season, frozenset(brought(cards_kb, "Humility")))


def test_a_permanents_replacement_of_how_it_enters_orders_nothing_with_another_cards(cards_kb) -> None:  # noqa: F811
    # Pithing Needle's "As ... enters, choose a card name" modifies only its own entering (614.1c): it never meets
    # Doubling Season's or a kicked Burst Lightning's replacement on one event (the fifteenth session, read off the
    # sixth table-style set: Chalice of the Void and Burst Lightning had 616.1a first)
    needle, season = (frozenset(brought(cards_kb, name)) for name in ("Pithing Needle", "Doubling Season"))
    assert "614.1c" in needle and "614" not in needle
    assert together((needle, season)) == (needle, season)


def test_two_cards_of_the_layers_bring_timestamps_and_dependency(cards_kb) -> None:  # noqa: F811
    humility, opalescence = (frozenset(brought(cards_kb, name)) for name in ("Humility", "Opalescence"))
    both = together((humility, opalescence))
    assert all({"613.7", "613.8"} <= rules for rules in both[:2]) and frozenset({"613.7", "613.8"}) in both[2:]
    assert "613.8" not in together((humility,))[0]  # one card's effect alone depends on nothing


# evidence as the build saves it (corpus/card-names.tsv), of cards of the 2022 archive
ANTHEM_EVIDENCE = [("613", "characteristic-changing effect"), ("613.1", "characteristic-changing effect"),
          ("613.4c", "power and toughness modified")]
LORD_EVIDENCE = [("613", "characteristic-changing effect"), ("613.1", "characteristic-changing effect"),
        ("613.4c", "power and toughness modified"), ("602", "activated ability"), ("605", "mana ability")]
WARHAMMER_EVIDENCE = [("301.5", "equipment"), ("702.19", "grants trample"), ("613", "characteristic-changing effect"),
             ("613.1", "characteristic-changing effect"), ("613.4c", "power and toughness modified")]
HUMILITY_EVIDENCE = [("613", "characteristic-changing effect"), ("613.1", "characteristic-changing effect"),
            ("613.4b", "power and toughness set"), ("613.6", "one effect in several layers")]


def _with_pairs(*evidence: list[tuple[str, str]]) -> tuple[frozenset[str], ...]:
    return together(tuple(frozenset(rule for rule, _ in each) for each in evidence), paired=tuple(
        rules_for_pairs(each) for each in evidence))


def test_two_effects_that_only_modify_power_and_toughness_bring_no_timestamps() -> None:
    """The nineteenth session: Morophon and Elvish Archdruid (two lords), named in a question on a cost reduction,
    brought 613.7 and 613.8 three times over (x8), first of every language's answers; +1/+1 and +1/+1 give the same
    in any order."""
    assert rules_for_pairs(ANTHEM_EVIDENCE) == {"613.4c"} and rules_for_pairs(HUMILITY_EVIDENCE) == {rule for rule, _ in HUMILITY_EVIDENCE}
    anthem, lord = (frozenset(rule for rule, _ in each) for each in (ANTHEM_EVIDENCE, LORD_EVIDENCE))
    assert _with_pairs(ANTHEM_EVIDENCE, LORD_EVIDENCE) == (anthem, lord)  # the cards' own rules, nothing together
    assert together((anthem, lord))[2:] == (frozenset({"613.7", "613.8"}),)  # paired by all they bring: timestamps
    # an effect setting power and toughness, or taking abilities away, depends on the order: timestamps
    assert frozenset({"613.7", "613.8"}) not in _with_pairs(ANTHEM_EVIDENCE, HUMILITY_EVIDENCE)[2:]
    assert frozenset({"613.7", "613.8"}) in _with_pairs(WARHAMMER_EVIDENCE, HUMILITY_EVIDENCE)[2:]


# Oracle texts as MTGJSON gives them (2022), with each card's type line
LATTICE = ("Artifact", "All permanents are artifacts in addition to their other types.\nAll cards that aren't on the "
                       "battlefield, spells, and permanents are colorless.\nPlayers may spend mana as though it were mana "
                       "of any color.")
MARCH = ("Enchantment", "Each noncreature artifact is an artifact creature with power and toughness each equal to its "
                        "mana value. (Equipment that's a creature can't equip a creature.)")
BLOOD_MOON = ("Enchantment", "Nonbasic lands are Mountains.")
URBORG = ("Legendary Land", "Each land is a Swamp in addition to its other land types.\n{T}: Add {B}.")
OMEN = ("Enchantment", "Lands you control are every basic land type in addition to their other types.")
LIFE_AND_LIMB = ("Enchantment", "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in "
                                "addition to their other types. (They're affected by summoning sickness.)")
OPALESCENCE = ("Enchantment", "Each other non-Aura enchantment is a creature in addition to its other types and has "
                              "base power and base toughness each equal to its mana value.")
HUMILITY = ("Enchantment", "All creatures lose all abilities and have base power and toughness 1/1.")


TITANIAS_SONG = ("Enchantment", "Each noncreature artifact loses all abilities and becomes an artifact creature with "
                                 "power and toughness each equal to its mana value. If Titania's Song leaves the "
                                 "battlefield, this effect continues until end of turn.")
LIQUIMETAL = ("Artifact", "{T}: Target permanent becomes an artifact in addition to its other types until end of turn.")


@pytest.mark.parametrize("card, changes", [
    (LATTICE, [[["permanent"], ["artifact"], False]]),
    (MARCH, [[["artifact"], ["creature"], False]]),
    (BLOOD_MOON, [[["land"], ["mountain"], True]]),  # a land's type set, not added to: its abilities are gone
    (URBORG, [[["land"], ["swamp"], False]]),
    (LIFE_AND_LIMB, [[["forest", "land", "saproling"], ["creature"], False]]),
    (HUMILITY, []),  # abilities and power (layers 6 and 7), no type
    # the fortieth cold trial's E02: Titania's Song and Liquimetal Coating say "becomes" (no dependency was read)
    (TITANIAS_SONG, [[["artifact"], ["creature"], False]]),
    (LIQUIMETAL, [[["permanent"], ["artifact"], False]]),
    (("Sorcery", "Target land becomes a 3/3 creature until end of turn. It's still a land."), [[["land"], ["creature"], False]]),
    (("Creature — Vampire", "Each non-Vampire creature gets -X/-X until end of turn, where X is the number of "
                            "Vampires you control."), []),
    (("Creature — Giant", "All damage that would be dealt to you and other permanents you control is dealt to "
                          "Palisade Giant instead."), []),
])
def test_a_cards_type_changing_effects_are_read_as_what_they_apply_to_and_make(card, changes) -> None:
    assert type_changes(card[1]) == changes


def layered(type_line: str, text: str) -> tuple[list, bool]:
    return type_changes(text), "Land" in type_line


@pytest.mark.parametrize("first, second, depends", [
    (LATTICE, MARCH, True),  # Lattice makes the artifacts March applies to
    (LIQUIMETAL, TITANIAS_SONG, True),  # the Coating makes the artifacts the Song applies to
    (OMEN, LIFE_AND_LIMB, True),  # Prismatic Omen makes the Forests Life and Limb applies to
    (BLOOD_MOON, URBORG, True),  # Blood Moon takes Urborg's ability away
    (OPALESCENCE, HUMILITY, False),  # a creature made in layer 4; Humility acts in layers 6 and 7: timestamps
    (BLOOD_MOON, OMEN, False),  # both set or add land types of lands already lands: timestamps
    (MARCH, OPALESCENCE, False),
])
def test_two_type_changing_effects_depend_on_each_other_when_one_changes_what_the_other_applies_to(
        first, second, depends) -> None:
    assert dependent([layered(*first), layered(*second)]) is depends
    assert dependent([layered(*second), layered(*first)]) is depends
    assert not dependent([layered(*first)])


def test_two_cards_whose_type_changes_depend_bring_dependency_first(cards_kb) -> None:  # noqa: F811
    query = "I have Mycosynth Lattice and my opponent casts March of the Machines: do my lands become creatures?"
    hits = search(cards_kb, query, limit=10)
    assert [card["name"] for card in hits.reading["cards"]] == ["Mycosynth Lattice", "March of the Machines"]
    rules = [h.id for h in hits if h.kind == "rule"]
    assert "rule/613.8a" in rules[:3], rules


def test_an_ability_reading_its_source_brings_last_known_information() -> None:
    kavu = evidence_of("Creature — Kavu", "When Flametongue Kavu enters the battlefield, it deals 4 damage to target "
                                          "creature.")
    fling = evidence_of("Instant", "As an additional cost to cast this spell, sacrifice a creature.\nFling deals "
                                   "damage equal to the sacrificed creature's power to any target.")
    assert "608.2h" in kavu and "608.2h" in fling
    assert "608.2h" not in evidence_of("Instant", "Lightning Bolt deals 3 damage to any target.")


@pytest.mark.parametrize("type_line, text, rules", [
    # the thirty-fifth cold trial's F04 named Panharmonicon, which brought nothing
    ("Artifact", "If an artifact or creature entering the battlefield causes a triggered ability of a permanent you "
                 "control to trigger, that ability triggers an additional time.", {"603.2d"}),
    ("Artifact", "As long as Winter Orb is untapped, players can't untap more than one land during their untap steps.",
     {"502.3"}),
    ("Creature — Spirit", "Untap all permanents you control during each other player's untap step.", {"502.3"}),
    ("Artifact Creature — Golem", "Trample\nColossus of Sardia doesn't untap during your untap step.", {"502.3"}),
    # table10's C-03 (Dryad Arbor under Grafdigger's Cage): the cage brought nothing
    ("Artifact", "Creature cards in graveyards and libraries can't enter the battlefield.\nPlayers can't cast spells "
                 "from graveyards or libraries.", {"614.17", "614.17d", "601.3"}),
])
def test_what_a_cards_text_forbids_or_repeats_brings_its_rule(type_line, text, rules) -> None:
    assert rules <= evidence_of(type_line, text)


@pytest.mark.parametrize("type_line, text, rules", [
    # the thirty-sixth cold trial: Custodi Lich brought no monarch, Song of the Dryads no land type
    ("Creature — Zombie", "When Custodi Lich enters the battlefield, you become the monarch.", {"724", "724.1"}),
    ("Enchantment — Aura", "Enchant permanent\nEnchanted permanent is a colorless Forest land.", {"305.7"}),
    ("Enchantment — Aura", "Enchant land\nEnchanted land is an Island.", {"305.7"}),
])
def test_the_monarch_or_a_land_type_set_brings_its_rule(type_line, text, rules) -> None:
    assert rules <= evidence_of(type_line, text)


def test_a_class_brings_the_class_rules_not_the_levelers() -> None:
    """The sixty-second cold trial: Druid Class (*can i lvl up druid class at instant speed*) brought no 716."""
    found = evidence_of("Enchantment — Class", "(Gain the next level as a sorcery to add its ability.)\nWhenever a land "
                        "enters the battlefield under your control, you gain 1 life.\n{2}{G}: Level 2\nYou may play "
                        "an additional land on each of your turns.")
    assert "716" in found and not found & {"711", "702.87"}


@pytest.mark.parametrize("type_line, text, rules, absent", [
    # table11's A-08 (Platinum Emperion and a fetchland's life payment): the Emperion brought nothing
    ("Artifact Creature — Golem", "Your life total can't change.", {"119.8", "119.7"}, set()),
    ("Enchantment", "Players can't gain life.", {"119.7"}, {"119.8"}),
    # table11's A-11 (Mox Amber with only a colorless legendary): mana of an undefined color is none
    ("Legendary Artifact", "{T}: Add one mana of any color among legendary creatures and planeswalkers you control.",
     {"106.5"}, {"106.7"}),
    # table11's C-01 (Torbran on a Lightning Bolt to the face): a replacement of a red source's damage
    ("Legendary Creature — Dwarf Noble", "If a red source you control would deal damage to an opponent or a permanent "
     "an opponent controls, it deals that much damage plus 2 instead.", {"614.2", "609.7", "609.7c"}, set()),
    ("Enchantment", "If a source would deal damage to a permanent or player, it deals double that damage to that "
     "permanent or player instead.", {"614.2", "609.7"}, {"609.7c"}),  # any source: no quality
    ("Enchantment", "{1}: The next time a red source of your choice would deal damage to you this turn, prevent that "
     "damage.", {"609.7a"}, {"609.7c", "614.2"}),  # a shield, chosen as it resolves: no static quality
    # the thirty-seventh cold trial's I06 (Jaya's Immolating Inferno after its caster's legend died): a legendary
    # sorcery brings its casting restriction, not the legend rule of permanents
    ("Legendary Sorcery", "(You may cast a legendary sorcery only if you control a legendary creature or "
     "planeswalker.)\nJaya's Immolating Inferno deals X damage to each of up to three targets.", {"205.4e", "307"},
     {"704.5j", "205.4d"}),
    ("Legendary Creature — Human Warrior", "Vigilance", {"704.5j", "205.4d"}, {"205.4e"}),
    # the thirty-eighth cold trial's E02 (Sakashima the Impostor beside the creature it copies): a copy's exception of
    # its name, not the legend rule alone; a copy gaining an ability (Kiki-Jiki), not copying a color (Vesuvan)
    ("Legendary Creature — Human Rogue", "You may have Sakashima the Impostor enter the battlefield as a copy of any "
     "creature on the battlefield, except its name is Sakashima the Impostor, it's legendary in addition to its other "
     "types, and it has this ability.", {"707.9", "707.9b"}, set()),
    ("Legendary Creature — Goblin Shaman", "{T}: Create a token that's a copy of target nonlegendary creature you "
     "control, except it has haste. Sacrifice it at the beginning of the next end step.", {"707.9a"}, {"707.9c"}),
    ("Creature — Shapeshifter", "You may have Vesuvan Doppelganger enter the battlefield as a copy of any creature on "
     "the battlefield, except it doesn't copy that creature's color.", {"707.9c"}, {"707.9a"}),
    ("Creature — Shapeshifter", "You may have Clone enter the battlefield as a copy of any creature on the "
     "battlefield.", set(), {"707.9", "707.9a", "707.9b", "707.9c"}),  # a copy with no exception
    # the fifty-second cold trial's E04: the copy casualty makes of Ob Nixilis, the Adversary is not legendary
    ("Legendary Planeswalker — Nixilis", "Casualty X. The copy isn't legendary and has starting loyalty X. (As you "
     "cast this spell, you may sacrifice a creature with power X. When you do, copy this spell and you may choose new "
     "targets for the copy.)", {"707.9", "707.9b"}, set()),
    # the thirty-eighth cold trial's F01 (Oath of Druids when no opponent has more creatures): a trigger that targets
    # is removed from the stack with no legal target
    ("Enchantment", "At the beginning of each player's upkeep, that player chooses target player who controls more "
     "creatures than they do and is their opponent.", {"603.3d"}, set()),
    ("Enchantment", "At the beginning of your upkeep, draw a card.", set(), {"603.3d"}),
    # the thirty-seventh cold trial's E09 (Imprisoned in the Moon on a planeswalker): a type set, abilities lost
    ("Enchantment — Aura", "Enchant creature, land, or planeswalker\nEnchanted permanent is a colorless land with "
     "\"{T}: Add {C}\" and loses all other card types and abilities.", {"205.1a", "613.1d"}, set()),
    ("Enchantment — Aura", "Enchant creature\nEnchanted creature loses all abilities.", set(), {"205.1a"}),
])
def test_a_life_total_mana_of_an_undefined_color_or_a_sources_damage_brings_its_rule(type_line, text, rules,
                                                                                     absent) -> None:
    found = evidence_of(type_line, text)
    assert rules <= found and not absent & found


def test_a_keyword_checked_or_picked_out_is_not_granted() -> None:
    """The thirty-sixth cold trial: Ram Through was said to grant trample ("if the creature you control has
    trample"), and Bow of Nylea flying ("target creature with flying")."""
    ram = card_evidence("Instant", "Target creature you control deals damage equal to its power to target creature you "
                        "don't control. If the creature you control has trample, excess damage is dealt to that "
                        "creature's controller instead.", (), "{G}", keyword_rules(vocabulary().concepts))
    bow = card_evidence("Legendary Enchantment Artifact", "Attacking creatures you control have deathtouch.\n"
                        "{1}{G}, {T}: Bow of Nylea deals 2 damage to target creature with flying.", (), "{1}{G}",
                        keyword_rules(vocabulary().concepts))
    assert not [why for _rule, why in ram if why.startswith("grants")]
    assert [why for _rule, why in bow if why.startswith("grants")] == ["grants deathtouch"]
    assert "702.9" in evidence_of("Sorcery", "Create a 4/4 red Dragon creature token with flying.")  # a token's
    assert "702.11" in evidence_of("Creature — Elf", "As long as you control a Forest, this creature has hexproof.")


def test_an_untap_cost_or_a_plain_trigger_brings_no_untap_or_repetition_rule() -> None:
    found = evidence_of("Creature — Elf", "{T}: Untap target land.\nWhenever a creature enters, you gain 1 life.")
    assert not found & {"502.3", "603.2d", "601.3", "614.17d"}


@pytest.mark.parametrize("name, type_line, text, mana_cost, rules, absent", [
    # table12's C-08 (Narcomoeba milled): a trigger on the card put into a graveyard from the library works there
    # (113.6k), and it is no leaving trigger looking back in time
    ("Narcomoeba", "Creature — Illusion", "Flying\nWhen Narcomoeba is put into your graveyard from your library, you "
     "may put it onto the battlefield.", "{1}{U}", {"113.6k"}, {"603.10a", "603.10"}),
    # the sixty-seventh cold trial's E04 (Krosan Tusker's cycling countered): its trigger on being cycled is its own,
    # from the discard (702.29c); typecycling came first
    ("Krosan Tusker", "Creature — Boar Beast", "When you cycle Krosan Tusker, you may search your library for a basic "
     "land card, reveal that card, put it into your hand, then shuffle.", "{5}{G}{G}", {"113.6k", "702.29c"}, set()),
    ("Solemn Simulacrum", "Artifact Creature — Golem", "When Solemn Simulacrum dies, you may draw a card.", "{4}",
     {"603.10a"}, {"113.6k", "702.29c"}),
    # abilities moving the card out of the zone it is in, or naming the zone they work in
    ("Reassembling Skeleton", "Creature — Skeleton Warrior", "{1}{B}: Return Reassembling Skeleton from your graveyard "
     "to the battlefield tapped.", "{1}{B}", {"113.6m"}, set()),
    ("Simian Spirit Guide", "Creature — Ape Spirit", "Exile Simian Spirit Guide from your hand: Add {R}.", "{2}{R}",
     {"113.6m"}, set()),
    ("Ichorid", "Creature — Horror", "Haste\nAt the beginning of the end step, sacrifice Ichorid.\nAt the beginning "
     "of your upkeep, if Ichorid is in your graveyard, you may exile a black creature card other than Ichorid from your "
     "graveyard. If you do, return Ichorid to the battlefield.", "{3}{B}", {"113.6b"}, set()),
    ("Grist, the Hunger Tide", "Legendary Planeswalker — Grist", "As long as Grist, the Hunger Tide isn't on the "
     "battlefield, it's a 1/1 Insect creature in addition to its other types.", "{1}{B}{G}", {"113.6c"}, set()),
    ("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.", "{G}", set(),
     {"113.6m", "113.6k", "113.6b", "113.6c", "113.6f"}),
    # table12's A-02 (Icehide Troll's {S}{S} paid with a snow land's mana): a symbol of an ability's cost
    ("Icehide Troll", "Snow Creature — Troll Warrior", "{S}{S}: Icehide Troll gets +2/+0 and gains indestructible "
     "until end of turn. Tap it. ({S} can be paid with one mana from a snow source.)", "{2}{G}", {"107.4h"}, set()),
    ("Ballista Squad", "Creature — Human Rebel", "{X}{W}, {T}: Ballista Squad deals X damage to target attacking or "
     "blocking creature.", "{3}{W}", {"107.3"}, set()),
    ("Frost Titan", "Creature — Giant", "Whenever Frost Titan becomes the target of a spell or ability an opponent "
     "controls, counter that spell or ability unless its controller pays {2}.", "{4}{U}{U}", set(), {"107.3", "107.4h"}),
    # table12's A-06 (Portal Mage moving an attacker after an attack trigger resolved): reselected, not attacking again
    # the fortieth trial's E06: Metallic Mimic's counter on other creatures entering (614.12); Walking Ballista's own
    # counters are no other permanent's
    ("Metallic Mimic", "Artifact Creature — Shapeshifter", "As Metallic Mimic enters, choose a creature type.\nEach "
     "other creature you control of the chosen type enters with an additional +1/+1 counter on it.", "{2}",
     {"614.12"}, set()),
    ("Blind Obedience", "Enchantment", "Extort\nArtifacts and creatures your opponents control enter tapped.",
     "{1}{W}", {"614.12"}, set()),
    ("Walking Ballista", "Artifact Creature — Construct", "Walking Ballista enters with X +1/+1 counters on it.",
     "{X}{X}", set(), {"614.12"}),
    # the forty-first trial's F03 (Artificial Evolution on a Goblin King): a text-changing effect (612), and table12's
    # C-02 (Sleight of Mind on Circle of Protection: Red: the name is not changed)
    ("Artificial Evolution", "Instant", "Change the text of target spell or permanent by replacing all instances of one "
     "creature type with another. The new creature type can't be Wall.", "{U}", {"612", "612.1", "612.2"}, set()),
    ("Sleight of Mind", "Instant", "Change the text of target spell or permanent by replacing all instances of one "
     "color word with another.", "{U}", {"612.2"}, set()),
    ("Portal Mage", "Creature — Human Wizard", "Flash\nIf Portal Mage entered the battlefield during the declare "
     "attackers step, you may reselect which player or planeswalker target attacking creature is attacking.", "{2}{U}",
     {"508.7", "508.7a"}, set()),
])
def test_an_ability_working_off_the_battlefield_a_costs_symbol_or_a_reselected_attack_brings_its_rule(
        name, type_line, text, mana_cost, rules, absent) -> None:
    found = {rule for rule, _ in card_evidence(type_line, text, (), mana_cost, {}, name=name)}
    assert rules <= found and not absent & found


def evidence_of(type_line: str, text: str, keywords: tuple[str, ...] = ()) -> frozenset[str]:
    return frozenset(rule for rule, _ in card_evidence(type_line, text, keywords, "", keyword_rules(vocabulary().concepts)))


TYRANT = ("Creature — Dinosaur", "This spell can't be countered.\nTrample, hexproof", ("Trample", "Hexproof"))
COUNTERSPELL = ("Instant", "Counter target spell.")
FORCE = ("Instant", "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost."
                    "\nCounter target spell.")
THALIA = ("Legendary Creature — Human Soldier", "First strike\nNoncreature spells cost {1} more to cast.", ("First strike",))


def test_a_counterspell_and_a_spell_that_cant_be_countered_bring_the_cant_rule() -> None:
    tyrant, counterspell = evidence_of(*TYRANT), evidence_of(*COUNTERSPELL)
    assert {"113.6g", "101.2"} <= tyrant and "701.6" in counterspell and "101.2" not in counterspell
    both = together((tyrant, counterspell))
    assert {"101.2", "113.6g"} <= both[1] and both[2:] == (frozenset({"101.2", "113.6g"}),)
    assert together((counterspell, counterspell)) == (counterspell, counterspell)  # two counterspells: nothing more


def test_a_cost_change_and_an_alternative_cost_bring_the_rule_that_applies_one_to_the_other() -> None:
    thalia, force = evidence_of(*THALIA), evidence_of(*FORCE)
    assert "601.2f" in thalia and "118.9" in force and "601.2f" not in force
    assert together((thalia, force))[2:] == (frozenset({"118.9d"}),)
    assert together((thalia,)) == (thalia,) and together((force,)) == (force,)  # each alone: no 118.9d
    lone = frozenset({"118.9", "601.2f"})  # one card of both kinds, named once, is not two cards together
    assert together((lone,)) == (lone,) and together((lone,), (2,))[1:] == (frozenset({"118.9d"}),)



def test_a_card_granting_deathtouch_and_a_trampler_bring_lethal_damage_of_one() -> None:
    collar = frozenset(dict(card_evidence("Artifact — Equipment", "Equipped creature has deathtouch and lifelink.",
                                          ("Equip",), "{1}", keyword_rules(vocabulary().concepts), "Basilisk Collar")))
    dreadmaw = frozenset({"702.19"})
    assert "702.2" in collar and "704.5n" in collar
    assert together((collar, dreadmaw))[2:] == (frozenset({"702.2c", "702.19b"}),)
    assert together((collar,)) == (collar,)



def test_a_card_with_no_mana_cost_that_is_cast_brings_the_unpayable_cost() -> None:
    vision = dict(card_evidence("Sorcery", "Suspend 4—{U}\nTarget player draws three cards.", ("Suspend",), "", {},
                                "Ancestral Vision"))
    assert vision.get("118.6") == vision.get("202.1b") == "no mana cost"
    assert "118.6" not in dict(card_evidence("Land", "{T}: Add {C}.", (), "", {}, "Wastes"))
    assert "118.6" not in dict(card_evidence("Sorcery", "Draw three cards.", (), "{2}{U}", {}, "Concentrate"))
    # the sixty-fifth cold trial's F03 (cascade into Crashing Footfalls): its mana value of 0 too
    assert vision.get("202.3a") == "no mana cost"


def test_a_block_restriction_brings_its_rule_and_a_cost_to_block_does_not() -> None:
    """The sixty-fifth cold trial's I01: Craven Giant ("can't block") brought nothing."""
    assert dict(card_evidence("Creature — Giant", "Craven Giant can't block.", (), "{2}{R}", {}, "Craven Giant")) == {
        "509.1b": "a block restriction"}
    tithes = dict(card_evidence("Creature — Angel", "As long as Archangel of Tithes is attacking, creatures can't block "
                                "unless their controller pays {1} for each of those creatures.", (), "{1}{W}{W}{W}", {},
                                "Archangel of Tithes"))
    assert "509.1d" in tithes and "509.1b" not in tithes


def test_phasing_and_an_aura_bring_the_aura_phasing_out_with_it() -> None:
    protection = frozenset(dict(card_evidence("Instant", "Until your next turn, your life total can't change and you "
                                              "gain protection from everything. All permanents you control phase out.",
                                              (), "{1}{W}", {}, "Teferi's Protection")))
    pacifism = frozenset(dict(card_evidence("Enchantment — Aura", "Enchant creature\nEnchanted creature can't attack "
                                            "or block.", (), "{1}{W}", {}, "Pacifism")))
    assert frozenset({"702.26g"}) in together((protection, pacifism))[2:]


def test_kicker_and_a_mana_value_read_bring_the_unchanged_mana_cost() -> None:
    chalice = frozenset(dict(card_evidence("Artifact", "Chalice of the Void enters with X charge counters on it.\n"
                                           "Whenever a player casts a spell with mana value equal to the number of "
                                           "charge counters on Chalice of the Void, counter that spell.",
                                           (), "{X}{X}", {}, "Chalice of the Void")))
    burst = frozenset(dict(card_evidence("Instant", "Kicker {4}\nBurst Lightning deals 2 damage to any target. If this "
                                         "spell was kicked, it deals 4 damage instead.", ("Kicker",), "{R}",
                                         {"kicker": ("702.33",)}, "Burst Lightning")))
    both = together((chalice, burst))
    assert frozenset({"118.8d"}) in both[2:]
    assert not any("616.1a" in rules for rules in both)  # Chalice's "enters with" is no replacement of Burst's damage


def test_an_equipment_made_a_creature_brings_its_becoming_unattached() -> None:
    ensoul = frozenset(dict(card_evidence("Enchantment — Aura", "Enchant artifact\nEnchanted artifact is a creature "
                                          "with base power and toughness 5/5 in addition to its other types.",
                                          (), "{1}{U}", {}, "Ensoul Artifact")))
    bonesplitter = frozenset(dict(card_evidence("Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}",
                                                (), "{1}", {}, "Bonesplitter")))
    assert frozenset({"704.5p", "301.5c"}) in together((ensoul, bonesplitter))[2:]


def test_a_prevention_of_the_next_time_and_double_strike_bring_the_one_instance_prevented() -> None:
    circle = frozenset(dict(card_evidence("Enchantment", "{1}: The next time a red source of your choice would deal "
                                          "damage to you this turn, prevent that damage.", (), "{1}{W}", {},
                                          "Circle of Protection: Red")))
    swiftblade = frozenset({"702.4", "702.4a"})  # double strike, as its keyword brings it
    assert frozenset({"615.8"}) in together((circle, swiftblade))[2:]


def test_a_creature_put_onto_the_battlefield_attacking_and_an_attack_restriction_bring_its_escape() -> None:
    bridge = frozenset(dict(card_evidence("Artifact", "Creatures with power greater than the number of cards in your "
                                          "hand can't attack.", (), "{3}", {}, "Ensnaring Bridge")))
    kaalia = frozenset(dict(card_evidence("Legendary Creature — Human Cleric", "Flying\nWhenever Kaalia of the Vast "
                                          "attacks an opponent, you may put an Angel, Demon, or Dragon creature card "
                                          "from your hand onto the battlefield tapped and attacking that opponent.",
                                          (), "{1}{R}{W}{B}", {}, "Kaalia of the Vast")))
    assert frozenset({"508.4c"}) in together((bridge, kaalia))[2:]


def test_a_self_replacement_effect_and_another_replacement_effect_bring_the_rule_that_orders_them() -> None:
    blast = frozenset(dict(card_evidence("Instant", "Galvanic Blast deals 2 damage to any target.\nMetalcraft — "
                                         "Galvanic Blast deals 4 damage instead if you control three or more artifacts.",
                                         (), "{R}", {}, "Galvanic Blast")))
    furnace = frozenset(dict(card_evidence("Enchantment", "If a source would deal damage to a permanent or player, it "
                                           "deals double that damage to that permanent or player instead.",
                                           (), "{1}{R}{R}{R}", {}, "Furnace of Rath")))
    assert "614.15" in blast and "614" in furnace and "614.15" not in furnace  # "would": a continuous replacement
    assert frozenset({"616.1a"}) in together((blast, furnace))[2:]


def test_a_self_replacement_effect_is_no_replacement_of_other_events() -> None:
    """An "instead" with no "would" replaces part of the spell's own effect (614.15): it is not a replacement effect
    that other cards' events meet, so with an entering trigger it does not bring 614.6 (a cold judge's trial: Fiery
    Impulse and Bedlam Reveler put 614.6 first, three times the card factor, on a question about copies and prowess)."""
    impulse_evidence = card_evidence("Instant", "Fiery Impulse deals 2 damage to target creature.\nSpell mastery — "
                                     "If there are two or more instant and/or sorcery cards in your graveyard, Fiery "
                                     "Impulse deals 3 damage to that creature instead.", (), "{R}", {}, "Fiery Impulse")
    impulse = frozenset(dict(impulse_evidence))
    reveler = evidence_of("Creature — Devil Wizard", "This spell costs {1} less to cast for each instant and sorcery "
                          "card in your graveyard.\nProwess\nWhen Bedlam Reveler enters, discard your hand, then draw "
                          "three cards.")
    assert "614.15" in impulse and "614.15" in rules_for_pairs(impulse_evidence)
    assert not {"614", "614.1"} & rules_for_pairs(impulse_evidence)  # still brought alone (614 is replacement effects)
    paired = together((impulse, reveler), paired=(rules_for_pairs(impulse_evidence), reveler))
    assert "603.6" in reveler and not any("614.6" in rules for rules in paired)


def test_a_replacement_effect_and_a_prevention_effect_bring_the_rule_that_orders_them() -> None:
    torbran = evidence_of("Legendary Creature — Dwarf Noble", "If a red source you control would deal damage to an "
                          "opponent or a permanent an opponent controls, it deals that much damage plus 2 instead.")
    salve = evidence_of("Instant", "Choose one —\n• You gain 3 life.\n• Prevent the next 3 damage that would be dealt "
                        "to any target this turn.")
    assert "614" in torbran and "615" in salve and "615" not in torbran
    assert frozenset({"616", "616.1"}) in together((torbran, salve))[2:]
    assert together((salve,)) == (salve,)


def test_a_copy_effect_and_a_double_faced_card_bring_the_face_up_copied() -> None:
    clone = evidence_of("Creature — Shapeshifter", "You may have Clone enter the battlefield as a copy of any creature "
                        "on the battlefield.")
    delver = frozenset(dict(card_evidence("Creature — Human Wizard // Creature — Human Insect", "At the beginning of "
                                          "your upkeep, look at the top card of your library. You may reveal that card. "
                                          "If an instant or sorcery card is revealed this way, transform Delver of "
                                          "Secrets.", (), "{U}", {}, "Delver of Secrets // Insectile Aberration")))
    assert "707" in clone and "712" in delver
    assert frozenset({"707.8"}) in together((clone, delver))[2:]


def test_an_exchange_brings_the_rule_of_exchanges() -> None:
    switcheroo = evidence_of("Sorcery", "Exchange control of two target creatures.")
    assert {"701.12", "701.12a", "613.1b"} <= switcheroo


def test_a_flicker_and_counters_the_question_names_bring_the_counters_that_cease_to_exist() -> None:
    angel = evidence_of("Creature — Angel", "Flash\nFlying\nWhen Restoration Angel enters the battlefield, you may "
                        "exile target non-Angel creature you control, then return that card to the battlefield under "
                        "your control.", ("Flash", "Flying"))
    assert "400.7" in angel
    assert with_named((angel,), frozenset({"122", "122.1"})) == (frozenset({"122.2"}),)
    assert with_named((angel,), frozenset({"111", "111.1"})) == (frozenset({"111.7", "111.8", "704.5d"}),)  # a token
    assert with_named((angel,), frozenset({"702.9"})) == ()  # flying named: nothing together
    assert with_named((frozenset({"702.9"}),), frozenset({"122"})) == ()  # counters beside a card that flickers none


def test_a_planeswalker_and_attacking_named_bring_the_choice_of_what_each_attacker_attacks() -> None:
    jace = evidence_of("Legendary Planeswalker — Jace", "+2: Look at the top card of target player's library.")
    assert "306" in jace
    assert with_named((jace,), frozenset({"508"})) == (frozenset({"508.1b"}),)
    assert with_named((jace,), frozenset({"509"})) == ()  # blocking named: no attacker's choice
    assert with_named((evidence_of("Creature — Bear", ""),), frozenset({"508"})) == ()


def test_a_life_total_that_cannot_change_in_two_headed_giant_brings_the_teams_rule() -> None:
    """The thirteenth table set's Platinum Emperion in Two-Headed Giant (810.9h: no teammate pays life either) and
    the tenth's Stigma Lasher (810.9g): none of 810.9's subrules was brought."""
    emperion = evidence_of("Artifact Creature — Golem", "Your life total can't change. (You can't gain or lose life. "
                           "You can't pay any amount of life except 0.)")
    assert with_named((emperion,), frozenset({"810", "810.1"})) == (frozenset({"810.9h"}), frozenset({"810.9g"}))
    lasher = evidence_of("Creature — Eldrazi Horror", "Whenever Stigma Lasher deals damage to a player, that player "
                         "can't gain life for the rest of the game.")
    assert with_named((lasher,), frozenset({"810"})) == (frozenset({"810.9g"}),)
    assert with_named((emperion,), frozenset({"119"})) == ()  # no Two-Headed Giant named


BOB = ("Creature — Human Wizard", "At the beginning of your upkeep, reveal the top card of your library and put that "
                                  "card into your hand. You lose life equal to its mana value.")


def test_a_card_that_reads_a_mana_value_and_a_card_of_two_faces_bring_the_faces_mana_value() -> None:
    bob = evidence_of(*BOB)
    cascade = evidence_of("Creature — Elf Berserker", "Cascade (When you cast this spell, exile cards from the top of "
                          "your library until you exile a nonland card that costs less. You may cast it without paying "
                          "its mana cost. Put the exiled cards on the bottom in a random order.)", ("Cascade",))
    assert "202.3" in bob and "202.3" in cascade  # cascade's reminder as printed before 2021: "costs less"
    assert "202.3" not in evidence_of("Creature — Goblin Wizard", "Instant and sorcery spells you cast cost {1} less "
                                      "to cast.")  # a cost reduction reads no mana value
    assert "202.3" in evidence_of("Creature — Elf Berserker", "Cascade (… a nonland card with lesser mana value …)",
                                  ("Cascade",))  # the reminder text read, as MTGJSON prints it
    split = frozenset({"709"}) | evidence_of("Instant // Instant", "Fire deals 2 damage divided as you choose …")
    assert together((bob, split))[2:] == (frozenset({"709.4b", "202.3d"}),)
    assert together((bob, frozenset({"712"})))[2:] == (frozenset({"712.8a"}),)
    assert together((bob,)) == (bob,)


def test_a_card_that_changes_targets_points_to_the_rules_of_changing_them() -> None:
    spellskite = evidence_of("Artifact Creature — Phyrexian Horror",
                             "{U/P}: Change a target of target spell or ability to Spellskite.")  # as MTGJSON has it
    assert {"115.7", "115.7a"} <= spellskite


def test_two_control_changes_bring_timestamps() -> None:
    mind_control = evidence_of("Enchantment — Aura", "Enchant creature\nYou control enchanted creature.")
    treason = evidence_of("Sorcery", "Gain control of target creature until end of turn. Untap that creature. "
                                     "It gains haste until end of turn.")
    assert together((mind_control, treason))[2:] == (frozenset({"613.7"}),)
    assert together((mind_control,)) == (mind_control,)


def test_a_characteristic_defining_ability_and_an_instant_bring_the_spells_last_step_and_state_based_actions() -> None:
    goyf = evidence_of("Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types among cards "
                       "in all graveyards and its toughness is equal to that number plus 1.")
    bolt = frozenset({"304"}) | evidence_of("Instant", "Lightning Bolt deals 3 damage to any target.")
    assert "604.3" in goyf and together((goyf, bolt))[2:] == (frozenset({"608.2n", "704.3"}),)


def test_a_replacement_effect_and_persist_bring_the_replaced_event_that_never_happens() -> None:
    rest = evidence_of("Enchantment", "When Rest in Peace enters the battlefield, exile all graveyards.\nIf a card "
                       "or token would be put into a graveyard from anywhere, exile it instead.")
    finks = evidence_of("Creature — Ouphe", "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist",
                        ("Persist",))
    assert "614" in rest and "702.79" in finks
    assert frozenset({"614.6"}) in together((rest, finks))[2:]


def test_an_ability_that_adds_mana_but_targets_is_no_mana_ability() -> None:
    deathrite = evidence_of("Creature — Human Shaman", "{T}: Exile target land card from a graveyard. Add one mana "
                            "of any color.")
    elves = evidence_of("Creature — Elf Druid", "{T}: Add {G}.")
    assert "605.5a" in deathrite and "605" not in deathrite
    assert "605" in elves and "605.5a" not in elves


def test_a_flicker_brings_the_new_object_and_with_persist_the_counters_that_do_not_come_back() -> None:
    ephemerate = evidence_of("Instant", "Exile target creature you control, then return it to the battlefield under "
                             "its owner's control.\nRebound")
    wisp = evidence_of("Creature — Faerie Spirit", "Flying\nWhen Flickerwisp enters the battlefield, exile another "
                       "target permanent. Return that card to the battlefield under its owner's control at the "
                       "beginning of the next end step.")
    finks = evidence_of("Creature — Ouphe", "When Kitchen Finks enters the battlefield, you gain 2 life.\nPersist",
                        ("Persist",))
    assert "400.7" in ephemerate and "400.7" in wisp
    assert "400.7" not in evidence_of("Instant", "Exile target creature.")  # exiled for good: no flicker
    assert frozenset({"122.2", "400.7"}) in together((ephemerate, finks))[2:]


def test_damage_that_cant_be_prevented_points_to_its_rule() -> None:
    found = dict(card_evidence("Instant", "Players can't gain life this turn. Damage can't be prevented this turn. "
                               "Skullcrack deals 3 damage to target player or planeswalker.", (), "{1}{R}", {}, "Skullcrack"))
    assert found["615.12"] == "damage can't be prevented" and "615" not in found


def test_a_legendary_card_named_twice_over_points_to_the_legend_rule_once_more() -> None:
    thalia = frozenset({"704.5j", "205.4d", "702.7"})
    assert together((thalia,)) == (thalia,)
    assert together((thalia,), (2,)) == (thalia, frozenset({"704.5j"}))


@pytest.mark.parametrize("query", ["I played a second Thalia, Guardian of Thraben, what happens?",
                                   "j'ai joué une deuxième Thalia, je garde les deux ?",
                                   # a plural after a count is the card, and 704.5j, a candidate by the words'
                                   # *battlefield* only, is raised to what the card brings (it was not in the first ten)
                                   "I have two Thalias on the battlefield, what happens?"])
def test_a_second_legendary_card_brings_the_legend_rule_into_the_first_three(cards_kb, query) -> None:  # noqa: F811
    rules = [i for i in ranked(cards_kb, query) if i.startswith("rule/")]
    assert "rule/704.5j" in rules[:3]


def ranked(kb, query: str, **params) -> list[str]:
    return [h.id for h in search(kb, query, limit=10, params=DEFAULT.replace(**params) if params else None)]


def test_cards_of_the_layers_bring_the_layers_rules_up(cards_kb) -> None:  # noqa: F811
    query = "Humility and Opalescence are both on the battlefield: what are the creatures' power and toughness?"
    rules = [i for i in ranked(cards_kb, query) if i.startswith("rule/")]
    without = [i for i in ranked(cards_kb, query, **{"card.enabled": False}) if i.startswith("rule/")]
    assert rules[0].startswith("rule/613.") or rules[1].startswith("rule/613.") or rules[2].startswith("rule/613.")
    def first_layer(found: list[str]) -> int:
        return next((i for i, rule in enumerate(found) if rule.startswith("rule/613")), len(found))

    assert first_layer(rules) < first_layer(without)  # the card reranker, not the words, brings them up


def test_a_question_of_cards_only_is_answered_by_what_they_bring(cards_kb) -> None:  # noqa: F811
    hits = search(cards_kb, "Humility e Opalescence?", limit=5)
    assert hits.reading["read_as"] == "Cards: Humility · Opalescence"
    assert hits[0].id.startswith("rule/613")
    twice = round(DEFAULT.card.factor ** 2, 4)  # the card factor once per card pointing to the layers
    card = dict(hits[0].extra["ranking"]["rerankers"])["card"]
    assert card in (twice, round(DEFAULT.card.factor ** 3, 4))  # 613.7 and 613.8: once more, the two together


def test_the_cards_rulings_meeting_the_question_are_their_own_group_under_the_rules(cards_kb) -> None:  # noqa: F811
    query = ("So last night my friend cast Wrath of God while I had a Kitchen Finks with a -1/-1 counter on it. "
             "He said persist does nothing because it already had a counter. Who is right?")
    hits = search(cards_kb, query, limit=10)
    groups = [h.group for h in hits]
    assert "Card rulings" in groups and groups.index("Card rulings") > groups.index("Rules")
    assert groups[groups.index("Card rulings"):] == ["Card rulings"] * groups.count("Card rulings")  # kept at the end
    rulings = [h for h in hits if h.reason == "card"]
    assert 1 <= len(rulings) <= DEFAULT.cards.rulings
    assert {h.extra["card"] for h in rulings} <= {"Kitchen Finks", "Wrath of God"}
    assert any("702.79" in h.to_dict().get("rules", []) for h in rulings)  # each with the rule it is linked to
    # under the page's ten rules, not in their places (a cold judge: Birthing Pod's rulings pushed 119.4 off the page)
    assert len(hits) - len(rulings) == 10 and [h.id for h in hits[:10]] == [
        h.id for h in search(cards_kb, query, kind="rule", limit=10)]


def test_the_terminal_shows_card_rulings_with_their_rule(cards_kb) -> None:  # noqa: F811
    kb_dir = cards_kb.build_dir.parent.parent
    query = "my Kitchen Finks had a -1/-1 counter and died: does persist return it?"
    shown = CliRunner().invoke(main, ["search", "--kb", str(kb_dir), query])
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    heads = [line for line in lines if line and not line.startswith(" ")]
    assert heads[1].startswith("Rules (") and heads[-1] == "Card rulings (3)", heads  # the card's rulings last
    assert "    linked to rule 702.79" in lines
    as_json = json.loads(CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "--json", query]).stdout)
    assert [h["reason"] for h in as_json[-3:]] == ["card"] * 3 and as_json[-1]["kind"] == "ruling"


def test_a_rule_two_cards_point_to_weighs_twice(cards_kb) -> None:  # noqa: F811
    """Each card pointing to a rule multiplies its score by the card factor (to the power of how much the rule tells
    of it): two cards of the layers raise the layers' rules more than one."""
    query = "Humility e Opalescence: che forza hanno le creature?"
    both = {h.number: h.extra["ranking"]["rerankers"] for h in search(cards_kb, query, limit=10) if h.number}
    one = {h.number: h.extra["ranking"]["rerankers"] for h in search(cards_kb, "Humility: che forza hanno le creature?",
                                                                      limit=10) if h.number}
    layered = [n for n in both if n.startswith("613") and n in one]
    assert layered and all(dict(both[n])["card"] > dict(one[n])["card"] > 1 for n in layered)


def test_a_rule_kind_filter_shows_no_card_rulings(cards_kb) -> None:  # noqa: F811
    query = "my Kitchen Finks had a -1/-1 counter and died: does persist return it?"
    assert all(h.kind == "rule" for h in search(cards_kb, query, kind="rule", limit=10))


def test_each_named_card_shows_its_best_ruling_before_any_card_shows_a_second() -> None:
    """A cold judge's trial: Kitchen Finks's persist rulings took the three places of Card rulings, and
    Rest in Peace's one ruling that settles the question (dies triggers do not trigger) was not shown."""
    from indexer.retrieve import in_turn_by_card

    def ruling(digest: str, card: str, met: int, score: float):
        return digest, (met, score, {"title": card})

    ordered = [ruling("a", "Kitchen Finks", 3, 9.0), ruling("b", "Kitchen Finks", 3, 8.0),
               ruling("c", "Kitchen Finks", 2, 7.0), ruling("d", "Rest in Peace", 2, 5.0),
               ruling("e", "Rest in Peace", 1, 1.0)]
    assert [digest for digest, _ in in_turn_by_card(ordered)][:3] == ["a", "d", "b"]
    assert in_turn_by_card(ordered[:3]) == ordered[:3]  # one card: best first, as before


def test_a_ruling_on_one_card_that_names_another_card_named_is_shown(cards_kb) -> None:  # noqa: F811
    # a question of two cards alone met no ruling before (no word to meet); Humility's rulings on Opalescence
    # are the judges' answer
    hits = search(cards_kb, "Humility e Opalescence?", limit=6)
    rulings = [h for h in hits if h.kind == "ruling"]
    assert rulings and all("Opalescence" in h.snippet for h in rulings)


@pytest.mark.parametrize("type_line, text, rules", [  # oracle texts as MTGJSON gives them
    ("Creature — Elf Druid", "{T}: Add {G}.", {"605": "mana ability", "605.1a": "mana ability"}),
    ("Creature — Elf Shaman", "{T}: Exile target land card from a graveyard. Add one mana of any color.\n"
     "{B}, {T}: Exile target instant or sorcery card from a graveyard. Each opponent loses 2 life.",
     {"605": None, "605.5a": "adds mana but targets: no mana ability"}),  # a target: no mana ability
    ("Sorcery", "Arc Lightning deals 3 damage divided as you choose among one, two, or three targets.",
     {"601.2d": "divided among targets"}),
    ("Instant", "Choose two —\n• Counter target spell.\n• Return target permanent to its owner's hand.",
     {"700.2": "modal", "701.6": "counters a spell"}),
    ("Enchantment — Aura", "Enchant creature\nYou control enchanted creature.", {"613.1b": "control-changing effect"}),
    ("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.",
     {"707": "copy effect"}),
    ("Sorcery", "Take an extra turn after this one.", {"500.7": "extra turn"}),
    ("Creature — Lhurgoyf", "Tarmogoyf's power is equal to the number of card types among cards in all graveyards "
     "and its toughness is equal to that number plus 1.", {"604.3": "characteristic-defining ability",
                                                          "613.4a": "characteristic-defining ability"}),
    ("Enchantment", "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. "
     "Sacrifice the creature at the beginning of the next end step.", {"603.7": "delayed triggered ability"}),
    ("Artifact", "{1}, {T}: End the turn. Activate only during your turn.", {"723": "ending the turn"}),
    ("Creature — Dinosaur", "This spell can't be countered.\nTrample, hexproof", {"113.6g": "can't be countered"}),
    ("Instant", "Target creature gets +3/+3 until end of turn.", {"613.4c": "power and toughness modified"}),
    ("Artifact — Equipment", "Equipped creature gets +2/+2 and has protection from red and from blue.\nEquip {2}",
     {"702.16": "grants protection"}),
    ("Artifact — Equipment", "Equipped creature has shroud. (It can't be the target of spells or abilities.)",
     {"702.18": "grants shroud"}),
    ("Enchantment", "All creatures lose all abilities and have base power and toughness 1/1.",
     {"613.4b": "power and toughness set"}),
    ("Instant", "Switch target creature's power and toughness until end of turn.",
     {"613.4d": "power and toughness switched"}),
    ("Enchantment", "Whenever an opponent casts a spell, that player creates a Treasure token.",
     {"111.10a": "creates a Treasure token"}),
    # the eleventh cold trial: Teferi's Protection brought nothing of phasing, Omniscience nothing at all
    ("Instant", "Until your next turn, your life total can't change and you gain protection from everything. "
     "All permanents you control phase out.", {"702.26": "phasing"}),
    ("Enchantment", "You may cast spells from your hand without paying their mana costs.",
     {"118.9": "cast without paying its mana cost"}),
    ("Instant", "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.\n"
     "Counter target spell.", {"118.9": "alternative cost", "701.6": "counters a spell"}),
    # the sixtieth cold trial: Dream Halls brought nothing, Mindslaver nothing of controlling a player
    ("Enchantment", "Rather than pay the mana cost for a spell, its controller may discard a card that shares a color "
     "with that spell.", {"118.9": "alternative cost"}),
    ("Legendary Artifact", "{4}, {T}, Sacrifice Mindslaver: You control target player during that player's next turn.",
     {"722": "controls another player", "722.1": "controls another player"}),
    ("Legendary Creature — Eldrazi Avatar", "When you cast this spell, you gain control of target opponent during that "
     "player's next turn.", {"722": "controls another player"}),
    ("Creature — Elf Druid", "{T}: Add {G}.", {"302.6": "a creature's ability with the tap symbol"}),
    ("Enchantment", "If Leyline of Sanctity is in your opening hand, you may begin the game with it on the "
     "battlefield.\nYou have hexproof.", {"103.6": "acts from the opening hand", "103.6a": "acts from the opening hand"}),
    ("Creature — Human Ninja", "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this "
     "card onto the battlefield from your hand tapped and attacking.)\nWhenever Ninja of the Deep Hours deals combat "
     "damage to a player, you may draw a card.", {"508.4": "put onto the battlefield attacking"}),
    ("Creature — Human Knight", "Battle cry\nWhenever Hero of Bladehold attacks, create two 1/1 white Soldier "
     "creature tokens that are tapped and attacking.", {"508.4": "put onto the battlefield attacking"}),
    ("Instant", "Flametongue Kavu deals 4 damage to target creature.\nExchange control of two target creatures.",
     {"701.12": "exchange"}),
    ("Creature — Crab", "Landfall — Whenever a land enters the battlefield under your control, target player mills "
     "three cards.", {"603.6": "enters or leaves trigger"}),  # an ability word before a trigger
    ("Creature — Human Cleric", "Flying\nWhen Banisher Priest enters the battlefield, exile target creature an "
     "opponent controls until Banisher Priest leaves the battlefield.", {"610.3b": "exiles until an event"}),
    ("Enchantment — Aura", "Enchant creature\nEnchanted creature gets -2/-2.", {"704.5f": "lowers toughness"}),
    ("Land", "{T}, Sacrifice Evolving Wilds: Search your library for a basic land card, put it onto the battlefield "
     "tapped, then shuffle.", {"305.4": "puts a land onto the battlefield"}),
    ("Instant", "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
     {"601.2h": "additional cost"}),
    ("Enchantment", "Creatures can't attack you unless their controller pays {2} for each creature they control "
     "that's attacking you.", {"508.1h": "a cost to attack"}),
    ("Enchantment — Aura", "Enchant creature\nYou control enchanted creature.", {"302.6": "control-changing effect"}),
    ("Creature — Troll", "{G}: Regenerate Cudgel Troll.", {"701.19": "regenerates"}),
    # the eleventh session's table-style questions: a trigger on attacking (Hellrider and a ninja), a state trigger,
    # a redirection, a skipped turn, an extra combat, an entering trigger's delayed return (Flickerwisp)
    ("Creature — Devil", "Haste\nWhenever a creature you control attacks, Hellrider deals 1 damage to the player or "
     "planeswalker it's attacking.", {"508.3a": "attack trigger"}),
    ("Creature — Human Rogue", "Whenever Tormented Soul attacks and isn't blocked, each opponent loses 1 life.",
     {"508.3f": "trigger on attacking unblocked", "509.3g": "trigger on attacking unblocked"}),
    ("Creature — Wall", "Whenever Wall of Junk blocks, return it to its owner's hand at end of combat.",
     {"509.3a": "block trigger"}),
    ("Instant", "Target creature gets +3/+3 until end of turn.", {"514.2": "until end of turn"}),
    # the twenty-second cold trial: an activated ability whose cost is words, not symbols, had been missed
    ("Legendary Artifact — Equipment", "Remove a charge counter from Umezawa's Jitte: Choose one —\n• Equipped "
     "creature gets +2/+2 until end of turn.", {"602": "activated ability"}),
    ("Creature — Goblin", "Sacrifice Mogg Fanatic: It deals 1 damage to any target.", {"602": "activated ability"}),
    ("Creature — Human", "Pay 2 life: Draw a card.", {"602": "activated ability"}),
    ("Creature — Zombie", "When Skinrender enters, put three -1/-1 counters on target creature.",
     {"704.5q": "-1/-1 counters", "122.3": "-1/-1 counters"}),
    ("Creature — Crocodile", "When you control no other creatures, sacrifice Emperor Crocodile.",
     {"603.8": "state trigger"}),
    ("Instant", "The next 2 damage that a source of your choice would deal to you and/or permanents you control this "
     "turn is dealt to any target instead.", {"614.9": "redirects damage", "614": "replacement effect"}),
    ("Sorcery", "Draw four cards. You skip your next turn.", {"614.10": "skips a step, phase or turn"}),
    ("Sorcery", "Untap all creatures that attacked this turn. After this main phase, there is an additional combat "
     "phase followed by an additional main phase.", {"500.8": "extra combat"}),
    ("Creature — Faerie Spirit", "Flying\nWhen Flickerwisp enters, exile another target permanent. Return that card to "
     "the battlefield under its owner's control at the beginning of the next end step.",
     {"603.7b": "delayed triggered ability", "400.7": "exiles and returns a permanent"}),
    ("Artifact Creature — Golem", "When Solemn Simulacrum enters, you may search your library for a basic land card, "
     "put that card onto the battlefield tapped, then shuffle.\nWhen Solemn Simulacrum dies, you may draw a card.",
     {"603.10a": "dies or leaves trigger"}),
    # the twelfth session, read off the third table-style set: counters put (those a permanent enters with too),
    # a leaving object's counters put on another, how a permanent enters, a copy's new targets, a commander's color
    # identity, one effect in several layers
    ("Enchantment", "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 "
     "counters are put on it instead.", {"122.6": "reads counters being put"}),
    ("Enchantment", "If an effect would put one or more counters on a permanent you control, it puts twice that many "
     "of those counters on that permanent instead.", {"122.6": "reads counters being put"}),
    ("Legendary Artifact", "Whenever a creature you control leaves the battlefield, if it had counters on it, put those "
     "counters on The Ozolith.", {"122.8": "puts a leaving object's counters on another"}),
    ("Artifact Creature — Construct", "Sacrifice Arcbound Fiend: Put its +1/+1 counters on target artifact creature.",
     {"122.9": "puts a sacrificed object's counters on another"}),
    ("Land — Mountain Plains", "As Sacred Foundry enters, you may pay 2 life. If you don't, it enters tapped.",
     {"614.1c": "modifies how it enters"}),
    ("Instant", "Copy target instant or sorcery spell. You may choose new targets for the copy.",
     {"707.10c": "copies a spell with new targets"}),
    ("Land", "{T}: Add one mana of any color in your commander's color identity.",
     {"903.4f": "reads a commander's color identity"}),
    ("Enchantment", "All creatures lose all abilities and have base power and toughness 1/1.",
     {"613.6": "one effect in several layers"}),
    ("Enchantment", "Each other non-Aura enchantment is a creature in addition to its other types and has base power "
     "and base toughness each equal to its mana value.", {"613.6": "one effect in several layers"}),
    ("Artifact Creature — Construct", "Walking Ballista enters with X +1/+1 counters on it.",
     {"122.6a": "enters with counters"}),
    # the thirteenth session, read off the fourth table-style set: counters moved, a copy cast, requirements on
    # blockers and attackers, prevention shields and a source of damage chosen
    ("Instant", "Move any number of +1/+1 counters from target creature onto another target creature with the same "
     "controller.", {"122.5": "moves counters"}),
    ("Artifact", "Imprint — When Isochron Scepter enters, you may exile an instant card with mana value 2 or less from "
     "your hand.\n{2}, {T}: You may copy the exiled card. If you do, you may cast the copy without paying its mana cost.",
     {"707.12": "casts a copy"}),
    ("Enchantment — Aura", "Enchant creature\nAll creatures able to block enchanted creature do so.",
     {"509.1c": "a requirement to block"}),
    ("Creature — Human Warrior", "Courtly Provocateur blocks each combat if able.", {"509.1c": "a requirement to block"}),
    ("Creature — Ogre Warrior", "Oathsworn Knight attacks each combat if able.", {"508.1d": "a requirement to attack"}),
    ("Creature — Human Cleric", "{T}: Prevent the next 4 damage that would be dealt to any target this turn.",
     {"615.7": "prevents the next amount of damage"}),
    ("Enchantment", "{1}: The next time a red source of your choice would deal damage to you this turn, prevent that "
     "damage.", {"615.8": "prevents the next time a source deals damage", "609.7a": "chooses a source of damage"}),
    ("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.",
     {"707.5": "enters as a copy"}),
    ("Sorcery", "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of "
     "turn.", {"400.3": "control-changing effect"}),  # a stolen creature goes to its owner's graveyard
    # the fourteenth session, read off the fifth table-style set: mana another permanent could produce, a cost
    # reduction, a trigger on the Nth counter
    ("Land", "{T}: Add one mana of any color that a land an opponent controls could produce.",
     {"106.7": "mana another permanent could produce"}),
    ("Creature — Goblin Wizard", "Instant and sorcery spells you cast cost {1} less to cast.",
     {"118.7a": "cost reduction", "601.2f": "cost change"}),
    ("Artifact", "At the beginning of each upkeep, put an hour counter on Midnight Clock.\nWhen the twelfth hour "
     "counter is put on Midnight Clock, shuffle your hand and graveyard into your library, then draw seven cards. "
     "Exile Midnight Clock.", {"122.7": "triggers on the Nth counter"}),
    # the twenty-eighth cold trial's F07: the life total checked again as the trigger resolves
    ("Creature — Cat Beast", "Vigilance, lifelink\nAt the beginning of your upkeep, if you have 40 or more life, you "
     "win the game.", {"603.4": "intervening if clause"}),
    # the twenty-seventh trial's F08: Reverberate's copy is not cast, Young Pyromancer does not see it
    ("Instant", "Copy target instant or sorcery spell. You may choose new targets for the copy.",
     {"707.10": "copies a spell or ability"}),
    # the fifteenth session, read off the sixth table-style set
    ("Artifact Creature — Golem", "Whenever a player casts an instant or sorcery spell that targets only a single "
     "Golem, that player copies that spell for each other Golem that spell could target.",
     {"707.10": "copies a spell or ability", "707.10d": "copies a spell for each object it could target"}),
    ("Creature — Wurm", "Whenever Engulfing Slagwurm blocks or becomes blocked by a creature, destroy that creature.",
     {"509.3b": "trigger on blocking a creature", "509.3d": "trigger on becoming blocked by a creature",
      "509.3a": None, "509.3c": None}),
    ("Creature — Elephant", "Whenever Rabid Elephant becomes blocked, it gets +2/+2 for each creature blocking it.",
     {"509.3c": "trigger on becoming blocked", "509.3d": None}),
    ("Creature — Cockatrice", "Flying\nWhenever Cockatrice blocks or becomes blocked by a non-Wall creature, destroy "
     "that creature at end of combat.", {"509.3b": "trigger on blocking a creature", "511.2": "acts at end of combat"}),
    ("Creature — Elemental Warrior", "Trample\nIf damage would be dealt to another creature you control, prevent that "
     "damage. Put a +1/+1 counter on that creature for each 1 damage prevented this way.",
     {"615": "prevention effect", "615.5": "acts on the damage prevented"}),
    ("Legendary Creature — Human Wizard", "Rasputin Dreamweaver enters the battlefield with seven dream counters on it."
     "\nRasputin can't have more than seven dream counters on it.",
     {"704.5r": "a limit on its counters", "614.1c": "modifies how it enters", "614": None}),
    ("Legendary Creature — Hydra Avatar", "Protection from everything", {"702.16j": "protection from everything"}),
    ("Creature — Snake", "Islandwalk\n{G}: Regenerate River Boa.", {"701.19": "regenerates", "614.8": "regenerates"}),
    ("Enchantment", "Whenever a creature with power 3 or greater enters the battlefield under your control, draw a card.",
     {"611.3c": "a trigger reading an entering creature's power"}),
    ("Creature — Beast", "Trample\nLieutenant — As long as you control your commander, Thunderfoot Baloth gets +2/+2.",
     {"903.3d": "reads controlling a commander"}),
    ("Sorcery", "All creatures get -2/-2 until end of turn.", {"611.2c": "a spell's effect on a set of creatures"}),
    ("Instant", "Creatures you control get +3/+3 and gain trample until end of turn.",
     {"611.2c": "a spell's effect on a set of creatures"}),
    ("Enchantment", "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. "
     "Sacrifice the creature at the beginning of the next end step.", {"603.7e": "a delayed trigger an ability creates"}),
    ("Instant", "Return target creature you control to its owner's hand. Return it to the battlefield at the beginning "
     "of the next end step.", {"603.7d": "a delayed trigger a spell creates", "603.7e": None}),
    # and off the fourth: counters of a meaning of their own, an artifact made a creature, others entering as a copy
    ("Creature — Rhino Warrior", "Rhox Pummeler enters with a shield counter on it.", {"122.1c": "shield counters"}),
    ("Enchantment — Aura", "Enchant artifact\nEnchanted artifact is a creature with base power and toughness 5/5 in "
     "addition to its other types.", {"613.1d": "makes an artifact a creature"}),
    ("Creature — Elemental", "Creatures you control enter the battlefield as a copy of Essence of the Wild.",
     {"614.1d": "makes others enter as a copy", "616.1c": "makes others enter as a copy"}),
    # and off the fifth: an attack restriction, a control change on entering, a replacement of token creation
    ("Artifact", "Creatures with power greater than the number of cards in your hand can't attack.",
     {"508.1c": "an attack restriction"}),
    ("Instant", "This turn, if a creature would enter the battlefield under an opponent's control, it enters under "
     "your control instead.", {"616.1b": "changes who controls an entering object"}),
    ("Enchantment", "If an effect would create one or more tokens under your control, it creates twice that many of "
     "those tokens instead.", {"614.16": "replaces an effect creating tokens or putting counters"}),
])
def test_a_cards_text_brings_the_rules_of_its_kinds_of_effect(type_line, text, rules) -> None:
    tokens = {"treasure": "111.10a", "clue": "111.10f"}
    keywords = {"protection": ("702.16",), "shroud": ("702.18",), "equip": ("702.6",), "destroy": ("701.8",)}
    found = dict(card_evidence(type_line, text, (), "", keywords, "", tokens))
    assert {rule: found.get(rule) for rule in rules} == rules


@pytest.mark.parametrize("type_line, text, absent", [
    ("Creature — Elf", "Put a +1/+1 counter on target creature.", "701.6"),  # a counter put, no spell countered
    ("Instant", "Counter target spell unless its controller pays {3}.", "605"),
    ("Creature — Human", "Whenever you cast a spell, create a 1/1 white Soldier creature token.", "111.10a"),
    ("Creature — Elemental", "Trample, haste\nAt the beginning of the end step, sacrifice Ball Lightning.", "603.7"),
    ("Enchantment", "Whenever a creature with flying attacks, destroy it.", "701.8"),  # an action is no keyword given
    ("Sorcery", "Search your library for a land card and put it onto the battlefield.", "702.26"),
    ("Artifact", "{T}: Add {C}.", "302.6"),  # summoning sickness is a creature's
    ("Creature — Elf", "Whenever you tap a creature for mana, add an additional {G}.", "302.6"),
    ("Creature — Human Soldier", "Whenever Boros Swiftblade attacks, it gets +1/+1.", "508.4"),
    ("Instant", "Target creature gets +3/+3 until end of turn.", "704.5f"),
    ("Sorcery", "Exile target creature. Its controller gains life equal to its power.", "610.3"),
    ("Sorcery", "Untap all creatures that attacked this turn.", "508.3a"),  # no trigger on attacking
    ("Creature — Kithkin", "When Kithkin Spellduster enters, destroy target enchantment.", "603.10a"),
    ("Creature — Knight", "Whenever Hero of Bladehold attacks, create two 1/1 tokens tapped and attacking.", "509.3a"),
    ("Creature — Elf", "When this creature enters, put a +1/+1 counter on target creature.", "704.5q"),
    ("Creature — Elf", "When this creature enters, put a +1/+1 counter on target creature.", "122.6"),  # puts, reads none
    ("Enchantment", "Nonbasic lands are Mountains.", "613.6"),  # one layer only
    ("Creature — Elf", "Whenever a creature you control dies, draw a card.", "122.8"),
    ("Creature — Elf", "Put a +1/+1 counter on target creature.", "122.5"),  # counters put, none moved
    ("Instant", "Copy target instant or sorcery spell. You may choose new targets for the copy.", "707.12"),  # not cast
    ("Creature — Wall", "Defender\nWhenever Wall of Frost blocks a creature, that creature doesn't untap.", "509.1c"),
    ("Creature — Goblin", "Whenever Goblin Guide attacks, defending player reveals the top card of their library.",
     "508.1d"),
    ("Instant", "Prevent all combat damage that would be dealt this turn.", "615.8"),
    ("Creature — Human Advisor", "Noncreature spells cost {1} more to cast.", "118.7"),  # a cost raised: 601.2f only
    ("Land", "{T}: Add {C}.\n{T}: Add one mana of any color among lands you control.", "106.7"),
    ("Creature — Elf", "Put a +1/+1 counter on target creature. When the third counter is removed, draw.", "122.7"),
    ("Creature — Human", "When this creature enters, you gain 2 life if you control a Forest.", "603.4"),  # no clause
    ("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.", "707.10"),
    ("Artifact", "{2}, {T}: You may copy the exiled card. If you do, you may cast the copy without paying its mana "
     "cost.", "707.10"),  # a copy cast (Isochron Scepter): 707.12
    ("Instant", "Target creature gets +3/+3 until end of turn.", "611.2c"),  # one creature, not a set
    ("Enchantment", "Creatures you control get +1/+1.", "611.2c"),  # a static ability's effect (611.3)
    ("Creature — Faerie", "When Flickerwisp enters, exile another target permanent. Return that card to the battlefield "
     "under its owner's control at the beginning of the next end step.", "603.7e"),  # triggered: its controller is plain
    ("Land", "Ancient Tomb deals 2 damage to you.", "118.6"),  # no mana cost: that of a land, never cast
    ("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.", "616.1c"),
    ("Creature — Golem", "Artifact creatures you control get +1/+1.", "613.1d"),  # no artifact made a creature
    # a player controlled is no permanent's control changed, nor a permanent's control a player's
    ("Legendary Creature — Eldrazi Avatar", "When you cast this spell, you gain control of target opponent during "
     "that player's next turn.", "613.1b"),
    ("Sorcery", "Gain control of target creature until end of turn. Untap that creature.", "722"),
])
def test_a_cards_text_brings_no_kind_it_does_not_hold(type_line, text, absent) -> None:
    keywords = {"destroy": ("701.8",), "protection": ("702.16",)}
    assert absent not in dict(card_evidence(type_line, text, (), "", keywords, "", {"treasure": "111.10a"}))


def test_predefined_tokens_are_read_off_the_rules_of_the_release() -> None:
    from indexer.card_evidence import token_rules
    from kb.parsers import parse_source
    from kb.sources import read_source

    from .conftest import cr_release

    rules = [(r.number, r.text) for r in parse_source(read_source(cr_release("20251114"))).rules]
    found = token_rules(rules)
    assert found["clue"] == "111.10f" and found["treasure"] == "111.10a" and found["young hero role"] == "111.10r"
    assert len(found) == sum(1 for number, _ in rules if number.startswith("111.10") and len(number) > 6)


def test_a_keyword_a_named_card_has_is_no_other_keyword() -> None:
    """*can i move sofi to my other guy*: Sword of Fire and Ice brings equip (702.6), so equip's rules are
    not weighed down as a keyword the question does not name; another keyword's rules still are."""
    from indexer.rerankers import Asked, Traits, factors

    equip = Traits({"key": "rule/702.6a", "keyword": ["equip"]}, False, frozenset({"702.6a", "702.6", "702"}), 0)
    flying = Traits({"key": "rule/702.9b", "keyword": ["flying"]}, False, frozenset({"702.9b", "702.9", "702"}), 0)
    sofi = Asked(frozenset(), frozenset(), frozenset(), card_rules=(frozenset({"301.5", "702.6", "702.16"}),))
    assert ("other_keyword", DEFAULT.other_keyword.factor) not in factors(equip, sofi, DEFAULT, ["other_keyword"])
    assert factors(flying, sofi, DEFAULT, ["other_keyword"]) == [("other_keyword", DEFAULT.other_keyword.factor)]
    alone = Asked(frozenset(), frozenset(), frozenset())
    assert factors(equip, alone, DEFAULT, ["other_keyword"]) == [("other_keyword", DEFAULT.other_keyword.factor)]


def test_the_evidence_of_a_knowledge_base_of_another_release_is_carried_by_content(kb_cache) -> None:
    """The evidence names the rules of the vocabulary's release (2025-11-14: 723 is Ending Turns and Phases). A
    knowledge base of 2025-06-06, where 723 is The Monarch and Ending Turns and Phases 722, gets 722; a rule the
    release built holds nowhere with the same text is left out, never put on another rule."""
    from indexer.build import carried_evidence, collect_items, evidence_in_release
    from kb.curated import vocabulary_release_rules
    from kb.store import KnowledgeBase

    from .conftest import cr_release

    kb = KnowledgeBase.open(kb_cache.shared([cr_release("20250606")]))
    items = collect_items(kb)
    titles = {i.number: i.title for i in items if i.kind == "rule" and i.lang == "en"}
    assert titles["723"] == "The Monarch" and titles["722"] == "Ending Turns and Phases"
    carried = evidence_in_release(items, vocabulary_release_rules())
    assert carried["723"] == "722" and carried["704.5j"] == "704.5j"
    unplaced = next(number for number, held in carried.items() if held is None)
    evidence = [["723", "ending the turn"], ["704.5j", "legendary"], [unplaced, "a rule reworded since"]]
    assert carried_evidence(evidence, carried) == [["722", "ending the turn"], ["704.5j", "legendary"]]
    assert carried_evidence(evidence, None) == evidence


def test_a_cards_evidence_kept_for_the_next_build_is_that_of_the_same_keyword_rules() -> None:
    """A build keeps each card's evidence for the next (a translator's import rebuilds the index with the same
    cards): the same card under other keyword rules (another release's) is read again, never given the kept
    evidence, and a card whose text changed is read again."""
    from kb.model import Card

    from indexer.build import evidence_memo

    card = Card(name="Serra Angel", type="Creature — Angel", text="Flying, vigilance", keywords=("Flying",))
    first = evidence_memo({"flying": ("702.9",)}, {})
    assert ["702.9", "keyword Flying"] in first("Serra Angel", card)
    assert first("Serra Angel", card) is first("Serra Angel", card)
    other = evidence_memo({"flying": ("702.10",)}, {})("Serra Angel", card)
    assert ["702.10", "keyword Flying"] in other and ["702.9", "keyword Flying"] not in other
    reworded = Card(name="Serra Angel", type="Creature — Angel", text="Vigilance", keywords=())
    assert not any(rule == "702.9" for rule, _ in first("Serra Angel", reworded))


def test_a_keywords_rules_bring_the_chapters_they_cite() -> None:
    """The eleventh cold trial: a mutated Gemrazer brought 702.140 (Mutate), never 729 (Merging with
    Permanents), which its rules cite and which answers what happens when the merged permanent dies."""
    from indexer.card_evidence import with_cited_chapters

    rules = [("702.140a", "Mutate is a keyword that can appear on some creature cards."),
             ("702.140c", "... it merges with that permanent (see rule 729, “Merging with Permanents”)."),
             ("702.37a", "Morph is a static ability. See rule 708, “Face-Down Spells and Permanents.”"),
             ("702.19a", "Trample is a static ability that modifies the rules for assigning combat damage."),
             ("702.1400a", "(no such rule) see rule 729"), ("702.19c", "See rule 702.19b and rule 510.1c-d.")]
    found = with_cited_chapters({"mutate": ("702.140",), "morph": ("702.37",), "trample": ("702.19",)}, rules)
    assert found == {"mutate": ("702.140", "729"), "morph": ("702.37", "708"), "trample": ("702.19",)}


def test_a_chapter_a_keywords_rule_tells_apart_is_not_brought() -> None:
    """table18's B-08: Student of Warfare (level up) brought 716, Class cards, which 702.87c cites only to say
    that Class levels are not level up; 716.2a then ranked above 711.2a, the leveler's rule."""
    from indexer.card_evidence import with_cited_chapters
    from kb.parsers import parse_source
    from kb.sources import read_source

    from .conftest import cr_release

    rules = [(r.number, r.text) for r in parse_source(read_source(cr_release("20251114"))).rules]
    found = with_cited_chapters({"level up": ("702.87",), "mutate": ("702.140",)}, rules)
    assert found == {"level up": ("702.87", "711"), "mutate": ("702.140", "729")}


def test_a_creature_that_dies_and_returns_is_a_new_object_and_a_token_named_does_not_return() -> None:
    """The fifty-sixth cold trial: Supernatural Stamina on a token that died, Feign Death on a monstrous creature."""
    stamina = evidence_of("Instant", "Until end of turn, target creature gets +2/+0 and gains \"When this creature "
                          "dies, return it to the battlefield tapped under its owner's control.\"")
    assert "400.7" in stamina
    assert with_named((stamina,), frozenset({"111", "111.1"})) == (frozenset({"111.7", "111.8", "704.5d"}),)
    # a creature that dies and goes to its owner's hand (Kitchen Finks' kin) returns to no battlefield
    assert "400.7" not in evidence_of("Creature", "When this creature dies, return it to its owner's hand.")


def test_each_of_two_keywords_one_rule_names_brings_its_rules() -> None:
    rules = keyword_rules(vocabulary().concepts)
    assert rules["daybound"] == rules["nightbound"] == rules["daybound and nightbound"] == ("702.145",)


def test_a_keyword_of_the_cards_by_its_obsolete_name_brings_its_rules() -> None:
    """The thirteenth cold trial: Snake Umbra (MTGJSON of 2022: *Totem armor*) brought nothing of 702.89,
    Umbra Armor, whose rules then ranked as another keyword's (×0.375)."""
    from indexer.card_evidence import keyword_rules
    from indexer.vocab import vocabulary

    rules = keyword_rules(vocabulary().concepts)
    assert rules["totem armor"] == rules["umbra armor"] == ("702.89",)
    found = dict(card_evidence("Enchantment — Aura", "Enchant creature\nTotem armor", ("Enchant", "Totem armor"),
                               "{2}{G}", rules, "Snake Umbra", {}))
    assert found["702.89"] == "keyword Totem armor"


def test_what_cards_bring_together_is_numbered_as_the_release_built(kb_cache) -> None:
    """TOGETHER and OF_SEVERAL name rules of the vocabulary's release (2025-11-14), read at search time. In
    2018-07-13, 613.7 is dependency (2025's 613.8), 613.8 an effect overriding another, and 616.1f is 616.1e:
    a knowledge base of it used to weigh 613.8 and 616.1f for two cards of the layers or of replacement
    effects. The build now carries them by content into the card table; a rule reworded since is left out."""
    from indexer.card_finder import CardFinder
    from kb.store import KnowledgeBase

    from .conftest import SHARED_CORPUS, cr_release, require_shared

    kb = KnowledgeBase.open(kb_cache.shared([cr_release("20180713"), require_shared(SHARED_CORPUS / "mtgjson")]))
    finder = CardFinder.open(kb.index_dir)
    assert finder, "the build wrote no card table"
    pairs = dict(finder.together)
    assert pairs[("614", "614")] == ("616", "616.1", "616.1e") and pairs[("613", "613")] == ("613.6", "613.7")
    assert pairs[("117.9", "601.2f")] == ("117.9d",)  # 2025's 118.9d
    assert pairs[("613.1b", "613.1b")] == ("613.6",)  # 2025's 613.7, timestamps
    assert ("113.6g", "701.6") not in pairs  # 113.6g is worded otherwise in 2018: left out
    assert finder.of_several == frozenset()  # 704.5j of 2025 is worded otherwise in 2018: left out
    # dependency is 613.7 in 2018, where 613.7a is worded otherwise (it cites 613.1 and 613.3): never 2018's 613.8
    assert "613.7a" not in finder.dependency and not any(rule.startswith("613.8") for rule in finder.dependency)
    assert all(added and "122.2" not in needs for needs, added in finder.with_named)
    assert together((frozenset({"613"}), frozenset({"613"})), (), finder.together, finder.of_several)[2] == \
        frozenset({"613.6", "613.7"})


def test_a_flicker_of_a_creature_with_counters_brings_the_counters_that_cease_to_exist(cards_kb) -> None:  # noqa: F811
    query = "ho fatto Otherworldly Journey sulla mia creatura con 3 segnalini +1/+1, torna con i segnalini?"
    hits = search(cards_kb, query, limit=10)
    rules = [h.id for h in hits if h.kind == "rule"]
    assert rules[0] == "rule/122.2", rules  # the counters cease to exist: before this, 400.7 and 704.5q came first


def test_a_card_bringing_rules_leaves_the_home_of_the_game_terms_named_unweighed() -> None:
    import dataclasses

    from indexer.rerankers import Asked, Traits, factors

    doc = Traits({"key": "rule/702.2c", "kind": "rule"}, False, frozenset({"702.2c", "702.2", "702", "7"}), 0)
    alone = Asked(frozenset(), frozenset(), frozenset({"702.2"}))  # deathtouch named, no card
    with_card = dataclasses.replace(alone, card_rules=(frozenset({"704.5j"}),))
    assert ("home", DEFAULT.home.factor) in factors(doc, alone, DEFAULT)
    assert all(tag != "home" for tag, _ in factors(doc, with_card, DEFAULT))


@pytest.mark.parametrize("mana_cost, rule", [("{3}{C}", "107.4c"), ("{2}{W/U}{W/U}", "107.4e"), ("{2}{2/B}", "107.4e"),
                                             ("{1}{B/P}", "107.4f"), ("{1}{S}", "107.4h")])
def test_a_mana_symbol_the_rules_define_apart_brings_its_rule(mana_cost, rule) -> None:
    # Thought-Knot Seer's {C} is paid only with colorless mana; Dismember's {B/P} with mana or 2 life
    assert rule in dict(card_evidence("Creature", "", (), mana_cost, {}, "", {}))
    assert rule not in dict(card_evidence("Creature", "", (), "{3}{G}{G}", {}, "", {}))


# cards of the pairs (type line, text[, keywords]), as Wizards print them
TREASON = ("Sorcery", "Gain control of target creature until end of turn. Untap that creature. It gains haste until "
           "end of turn.")
SOLEMN = ("Artifact Creature — Golem", "When Solemn Simulacrum dies, you may draw a card.")
JITTE_TRIGGER = ("Legendary Artifact — Equipment", "Whenever equipped creature deals combat damage, put two charge "
                 "counters on Umezawa's Jitte.")
JITTE = ("Legendary Artifact — Equipment", "Remove a charge counter from Umezawa's Jitte: Choose one —\n• Equipped "
         "creature gets +2/+2 until end of turn.")
FOG = ("Instant", "Prevent all combat damage that would be dealt this turn.")
QUESTING_BEAST = ("Legendary Creature — Beast", "Combat damage that would be dealt by creatures you control can't be "
                  "prevented.")
EPHEMERATE = ("Instant", "Exile target creature you control, then return it to the battlefield under its owner's "
              "control.")
DRYAD = ("Legendary Enchantment Creature — Nymph Dryad", "Lands you control are every basic land type in addition to "
         "their other types.")
PRISON = ("Enchantment", "Creatures can't attack you unless their controller pays {2} for each creature they control "
          "that's attacking you.")
ELVES = ("Creature — Elf Druid", "{T}: Add {G}.")
HELLRIDER = ("Creature — Devil", "Whenever a creature you control attacks, Hellrider deals 1 damage to the player or "
             "planeswalker it's attacking.")
NINJA = ("Creature — Human Ninja", "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put "
         "this card onto the battlefield from your hand tapped and attacking.)")
TIME_WARP = ("Sorcery", "Take an extra turn after this one.")
MEDITATE = ("Instant", "Draw four cards. You skip your next turn.")
KROSAN_GRIP = ("Instant", "Split second\nDestroy target artifact or enchantment.", ("Split second",))
CLOUDSHIFT = ("Instant", "Exile target creature you control, then return that card to the battlefield under your "
              "control.")
RANCOR = ("Enchantment — Aura", "Enchant creature\nEnchanted creature gets +2/+0 and has trample.")
CLONE = ("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.")
MIMIC = ("Artifact Creature — Shapeshifter", "As Metallic Mimic enters, choose a creature type.")
MIMIC_COUNTERS = ("Artifact Creature — Shapeshifter", "As Metallic Mimic enters, choose a creature type.\nEach other "
                  "creature you control of the chosen type enters with an additional +1/+1 counter on it.")
FOUNDRY = ("Land — Mountain Plains", "As Sacred Foundry enters, you may pay 2 life. If you don't, it enters tapped.")
BOLT = ("Instant", "Lightning Bolt deals 3 damage to any target.")
COUNTERBALANCE = ("Enchantment", "Whenever an opponent casts a spell, you may reveal the top card of your library. If "
                  "you do, counter that spell if it has the same mana value as the revealed card.")
SCALES = ("Enchantment", "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
          "+1/+1 counters are put on it instead.")
BALLISTA = ("Artifact Creature — Construct", "Walking Ballista enters with X +1/+1 counters on it.")
GODS_WILLING = ("Instant", "Target creature you control gains protection from the color of your choice until end of "
                "turn. Scry 1.")
SKULLCRACK = ("Instant", "Players can't gain life this turn. Damage can't be prevented this turn. Skullcrack deals 3 "
              "damage to target player or planeswalker.")
WARHAMMER = ("Artifact — Equipment", "Equipped creature gets +3/+0 and has lifelink and trample.\nEquip {3}")
FELIDAR = ("Creature — Cat Beast", "When Felidar Guardian enters, exile another target permanent you control, then "
           "return that card to the battlefield under its owner's control.")
CHANDRA = ("Legendary Planeswalker — Chandra", "+1: Add {R}{R}.\n−3: Chandra, Torch of Defiance deals 4 damage to "
           "target creature.")
SUDDEN_SHOCK = ("Instant", "Split second\nSudden Shock deals 2 damage to any target.", ("Split second",))
EXALTED_ANGEL = ("Creature — Angel", "Flying\nWhenever Exalted Angel deals damage, you gain that much life.\nMorph {2}{W}{W}",
                 ("Flying", "Lifelink", "Morph"))
DARKSTEEL_MYR = ("Artifact Creature — Myr", "Indestructible", ("Indestructible",))
GRASP = ("Instant", "Target creature gets -4/-4 until end of turn.")
TURN_TO_FROG = ("Instant", "Until end of turn, target creature loses all abilities and becomes a blue Frog with base "
                "power and toughness 1/1.")


@pytest.mark.parametrize("first, second, added", [
    (TREASON, SOLEMN, {"603.3a"}),  # the dying trigger's controller
    (FOG, QUESTING_BEAST, {"615.12"}),  # damage that can't be prevented
    (EPHEMERATE, DRYAD, {"613.7d"}),  # the returned object's new timestamp
    (PRISON, ELVES, {"508.1f", "508.1i"}),  # the attackers tapped before the costs are paid
    (HELLRIDER, NINJA, {"508.4", "508.3a"}),  # a creature put onto the battlefield attacking was never declared
    (TIME_WARP, MEDITATE, {"614.10", "500.7"}),  # the skip replaces the next turn, the extra one
    (KROSAN_GRIP, JITTE, {"702.61a", "702.61b"}),  # no ability activated while split second is on the stack
    (CLOUDSHIFT, RANCOR, {"704.5m", "400.7"}),  # the Aura of a flickered creature goes to the graveyard
    (CLONE, MIMIC, {"707.6"}),  # a choice made as a permanent enters is not copied
    (BLOOD_MOON, FOUNDRY, {"614.12"}),  # the replacement checked on the land as it would be on the battlefield
    (FORCE, COUNTERBALANCE, {"118.9c"}),  # an alternative cost leaves the mana cost as it is
    (SCALES, BALLISTA, {"122.6"}),  # the counters a permanent enters with are put on it
    # the twenty-fourth and twenty-fifth trials: protection does not prevent damage that can't be prevented
    (GODS_WILLING, SKULLCRACK, {"615.12"}),
    (FELIDAR, CHANDRA, {"400.7", "606.3"}),  # a flickered planeswalker is a new object: its loyalty abilities again
    (WARHAMMER, TURN_TO_FROG, {"613.7", "613.8"}),  # an Equipment's static bonus is a layered effect too
    (SUDDEN_SHOCK, EXALTED_ANGEL, {"702.61b", "116.2b"}),  # turning face up is a special action
    (DARKSTEEL_MYR, GRASP, {"704.5f"}),  # the twenty-eighth trial's E02: toughness 0 is no destruction
    # the fortieth trial's E06: Metallic Mimic's counter sees a copy entering as the copy it will be
    (CLONE, MIMIC_COUNTERS, {"614.12"}),
])
def test_two_cards_bring_what_neither_brings_alone(first, second, added) -> None:
    assert frozenset(added) in together((evidence_of(*first), evidence_of(*second)))[2:]


@pytest.mark.parametrize("first, second, rule", [
    (TREASON, JITTE_TRIGGER, "603.3a"),  # no trigger of leaving
    (BLOOD_MOON, BOLT, "614.12"),  # no land entering
])
def test_two_cards_without_the_second_kind_bring_nothing_together(first, second, rule) -> None:
    assert not any(rule in rules for rules in together((evidence_of(*first), evidence_of(*second))))


def test_a_card_sacrificing_itself_to_pay_a_cost_brings_the_costs_paid_as_it_is_activated() -> None:
    # the twenty-third cold trial: "can opp respond to the sac itself?" of Sakura-Tribe Elder found no rule of costs
    elder = dict(card_evidence("Creature — Snake Shaman", "Sacrifice Sakura-Tribe Elder: Search your library for a "
                               "basic land card, put that card onto the battlefield tapped, then shuffle.", (), "", {},
                               "Sakura-Tribe Elder"))
    assert elder.get("602.2") == elder.get("601.2h") == "sacrifices itself as a cost"
    outlet = dict(card_evidence("Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.", (), "", {},
                                "Viscera Seer"))
    assert "602.2" not in outlet  # another creature sacrificed: no cost of its own


def test_a_rule_many_cards_bring_tells_less_of_a_card_than_a_rule_few_bring() -> None:
    """Of 100 cards, 40 bring a triggered ability (603) and one ends the turn (723, Sundial of the Infinite): 723 is
    weighed in full, 603 as the log of its share over the log of the common share, never below the floor."""
    from indexer.card_finder import CardFinder, card_table

    cards = [(f"Card {i}", [], 1, [["603", "triggered ability"]] if i < 40 else [], {}) for i in range(99)]
    cards.append(("Sundial of the Infinite", [], 1, [["723", "ending the turn"], ["602", "activated ability"]], {}))
    finder = CardFinder.of(card_table(cards, ["a rule text"]))
    weights = finder.evidence_weights(0.0125, 0.3)
    assert weights["723"] == 1.0 and weights["602"] == 1.0  # one card in a hundred: no more than the common share
    assert weights["603"] == pytest.approx(max(0.3, math.log(100 / 40) / -math.log(0.0125)))
    assert finder.evidence_weights(0.0125, 0.6)["603"] == 0.6
    assert CardFinder().evidence_weights(0.0125, 0.3) == {}  # no card table: every rule weighed 1


def test_the_card_factor_counts_each_card_by_how_much_its_rule_tells() -> None:
    """Two cards pointing to a rule raise it twice over; a rule weighed 0.5 raises it half as much (in the power),
    and one a card does not bring alone (a pair's, or a card named twice) is weighed 1."""
    from indexer.rerankers import Asked, Traits, factors

    doc = Traits({"key": "rule/603.2", "kind": "rule"}, False, frozenset({"603.2", "603", "6"}), 0)
    two = Asked(frozenset(), frozenset(), frozenset(), card_rules=(frozenset({"603.2"}), frozenset({"603.2", "723"})))
    assert factors(doc, two, DEFAULT, ["card"]) == [("card", DEFAULT.card.factor ** 2)]
    weighed = Asked(frozenset(), frozenset(), frozenset(), card_rules=two.card_rules,
                    card_weights=({"603.2": 0.5}, {"603.2": 0.25, "723": 1.0}))
    assert factors(doc, weighed, DEFAULT, ["card"]) == [("card", pytest.approx(DEFAULT.card.factor ** 0.75))]
    paired = Asked(frozenset(), frozenset(), frozenset(), card_rules=two.card_rules, card_weights=({"603.2": 0.5}, {}))
    assert factors(doc, paired, DEFAULT, ["card"]) == [("card", pytest.approx(DEFAULT.card.factor ** 1.5))]


def test_a_rule_a_card_points_to_itself_is_raised_more_than_one_under_a_rule_it_points_to() -> None:
    """The thirteenth table set's Fog: 615 raised each of its subrules as much as Fog's own 615.3, which stayed out of
    the top ten under 615.4 and 615.1a (Cards.under_share)."""
    from indexer.rerankers import Asked, Traits, factors

    fog = Asked(frozenset(), frozenset(), frozenset(), card_rules=(frozenset({"615", "615.3"}),))
    own = Traits({"key": "rule/615.3", "kind": "rule"}, False, frozenset({"615.3", "615", "6"}), 0)
    under = Traits({"key": "rule/615.4", "kind": "rule"}, False, frozenset({"615.4", "615", "6"}), 0)
    share = DEFAULT.cards.under_share
    assert 0 < share < 1
    assert factors(own, fog, DEFAULT, ["card"]) == [("card", DEFAULT.card.factor)]
    assert factors(under, fog, DEFAULT, ["card"]) == [("card", pytest.approx(DEFAULT.card.factor ** share))]
    whole = DEFAULT.replace(**{"cards.under_share": 1.0})  # as before: every rule under 615 raised alike
    assert factors(under, fog, whole, ["card"]) == factors(own, fog, whole, ["card"])


def test_only_a_card_rule_that_tells_all_of_the_card_backs_an_answer() -> None:
    from indexer.params import DEFAULT
    from indexer.rerankers import backed_by_a_card

    full = DEFAULT.card.factor
    assert backed_by_a_card([("cited", 1.07), ("card", full)], DEFAULT)
    assert backed_by_a_card([("card", full ** 2)], DEFAULT)  # two cards
    assert not backed_by_a_card([("card", full ** 0.3)], DEFAULT)  # a rule a third of the cards bring (603)
    assert not backed_by_a_card([("phrasing", 1.6)], DEFAULT)


def test_no_weak_match_is_said_when_a_card_named_points_to_the_first_answer(cards_kb) -> None:  # noqa: F811
    # the twenty-ninth trial's E07: Leyline of Punishment's unpreventable damage (615.12) was first, and right, under
    # "Weak match: the first answer holds 2 of the 7 words read"; the card, not the words, brought it
    kb_dir = cards_kb.build_dir.parent.parent
    query = "Doubling Season out, weird friend, whatever, crazy tokens?"
    shown = json.loads(CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "--json", "--explain", query]).stdout)
    reading = shown["read_as"]
    assert reading["backed"] and reading["held"] / sum(1 for w in reading["words"] if not w.get("role")) <= 1 / 3
    assert "Weak match" not in CliRunner().invoke(main, ["search", "--kb", str(kb_dir), query]).output
    unbacked = json.loads(CliRunner().invoke(main, ["search", "--kb", str(kb_dir), "--json", "--explain",
                                                   "qual è la regola del cane che abbaia?"]).stdout)["read_as"]
    assert unbacked["backed"] is False


def test_a_cost_to_block_a_for_as_long_as_effect_and_an_unattach_trigger_bring_their_rules() -> None:
    tithes = evidence_of("Creature — Angel", "Flying\nAs long as Archangel of Tithes is untapped, creatures can't attack "
                                             "you or planeswalkers you control unless their controller pays {1} for each "
                                             "of those creatures.\nAs long as Archangel of Tithes is attacking, creatures "
                                             "can't block unless their controller pays {1} for each of those creatures.",
                         ("Flying",))
    geists = evidence_of("Creature — Spirit", "Flying\nWhen Dungeon Geists enters, tap target creature an opponent "
                                              "controls. That creature doesn't untap during its controller's untap step "
                                              "for as long as you control Dungeon Geists.", ("Flying",))
    wargear = evidence_of("Artifact — Equipment", "Equipped creature gets +3/+2.\nWhenever Grafted Wargear becomes "
                                                  "unattached from a permanent, sacrifice that permanent.\nEquip {0}",
                          ("Equip",))
    assert {"509.1d", "509.1f", "508.1h"} <= tithes and "611.2b" in geists and {"603.10c", "603.10a"} <= wargear
    assert not {"509.1d", "611.2b", "603.10c"} & evidence_of("Creature — Bear", "Grizzly Bears can't block.")


@pytest.mark.parametrize("type_line, text, rules", [
    ("Legendary Creature — Human Druid", "Whenever you tap a nonland permanent for mana, add one additional mana of "
                                         "any type that permanent produced.", {"106.12", "106.12a"}),  # Kinnan
    ("Enchantment", "You may cast Aura and Equipment spells as though they had flash.", {"601.3b"}),  # Sigarda's Aid
    ("Creature — Illusion", "Flash\nYou may have Spark Double enter as a copy of a creature or planeswalker you "
                            "control, except it enters with an additional +1/+1 counter on it if it's a creature, it "
                            "enters with an additional loyalty counter on it if it's a planeswalker, and it isn't "
                            "legendary.", {"707.9f"}),
    ("Enchantment", "At the beginning of combat on your turn, put a +1/+1 counter on each creature you control, then "
                    "double the power and toughness of each creature you control until end of turn.",
     {"701.10a", "701.10b"}),  # Unnatural Growth
    ("Sorcery", "Double target player's life total.", {"701.10d"}),
    ("Enchantment", "If a source would deal damage to a permanent or player, it deals double that damage to that "
                    "permanent or player instead.", {"701.10g"}),  # Furnace of Rath (table18's C-07)
    ("Legendary Creature — Human Merfolk", "{T}: Double the number of each kind of counter on target artifact, "
                                           "creature, or land.", {"701.10e"}),  # Vorel
])
def test_mana_tapped_flash_for_a_quality_a_copys_exception_and_doubling_bring_their_rules(type_line, text, rules) -> None:
    assert rules <= evidence_of(type_line, text)


def test_a_plain_flash_grant_copy_or_pump_brings_none_of_them() -> None:
    assert not {"601.3b", "707.9f", "701.10a", "701.10g", "106.12"} & (
        evidence_of("Enchantment", "You may cast spells as though they had flash.")
        | evidence_of("Creature — Shapeshifter", "You may have Clone enter as a copy of any creature on the battlefield.")
        | evidence_of("Instant", "Target creature gets +3/+3 until end of turn.")
        | evidence_of("Enchantment", "If a source you control would deal damage to a permanent or player, it deals "
                                     "triple that damage to that permanent or player instead.")  # not doubling
        | evidence_of("Creature — Elf Druid", "{T}: Add {G}."))


def test_an_as_though_effect_brings_the_rule_that_it_applies_only_to_what_it_states() -> None:
    """table18's A-06: Vedalken Orrery's Wrath of God is still a sorcery for Dispel (609.4), which no word of the
    question reached; spending mana as though it were another is 609.4b, damage as though unblocked neither."""
    assert "609.4" in evidence_of("Artifact", "You may cast spells as though they had flash.")
    dawn = evidence_of("Enchantment", "You may spend white mana as though it were mana of any color.")
    assert "609.4b" in dawn and "609.4" not in dawn
    assert not {"609.4", "609.4b"} & evidence_of("Creature — Elemental", "You may have Thorn Elemental assign its "
                                                 "combat damage as though it weren't blocked.")


def test_mutate_and_a_commander_named_bring_the_merged_commander() -> None:
    mutate = frozenset({"702.140", "702.140a"})
    assert with_named((mutate,), frozenset({"903"})) == (frozenset({"903.3c"}),)


def test_minus_counters_bring_their_pairing_with_plus_counters_only_where_the_question_says_them() -> None:
    """The thirty-seventh cold trial's I07: Carnifex Demon's -1/-1 counters brought 704.5q and 122.3 (+1/+1 and -1/-1
    counters removed in pairs) to a question naming no +1/+1 counter, second and third."""
    from indexer.card_evidence import evidence_said

    evidence = card_evidence("Creature — Demon", "Flying\nCarnifex Demon enters with two -1/-1 counters on it.\n"
                             "{B}, Remove a -1/-1 counter from Carnifex Demon: Put a -1/-1 counter on each other "
                             "creature.", ("Flying",), "{4}{B}{B}", keyword_rules(vocabulary().concepts))
    assert {"704.5q", "122.3"} <= {rule for rule, _ in evidence}  # what the card is: the pairing kept at build
    said = {rule for rule, _ in evidence_said(evidence, "il Demone Carnefice mette un segnalino -1/-1 su ogni creatura")}
    assert not said & {"704.5q", "122.3"} and "602" in said
    assert evidence_said(evidence, "kitchen finks col -1/-1, poi gli metto un counter +1/+1") == evidence
    assert evidence_said(evidence, "ballista has 4 +1 counters, opp casts black suns zenith") == evidence


def test_a_replacement_of_how_other_permanents_enter_is_brought_only_to_a_question_of_a_copy() -> None:
    """The fortieth cold trial's E06 (Glasspool Mimic entering as a copy of an Elf beside Metallic Mimic) needed 614.12;
    the questions about Thalia, Heretic Cathar's creatures entering tapped do not (three development questions fell)."""
    from indexer.card_evidence import evidence_said

    thalia = card_evidence("Legendary Creature — Human Cleric", "First strike\nCreatures and nonbasic lands your "
                           "opponents control enter tapped.", ("First strike",), "{2}{W}", {})
    assert "614.12" in {rule for rule, _ in thalia}
    assert "614.12" not in {rule for rule, _ in evidence_said(thalia, "Thalia eretica: la creatura entra tappata?")}
    for copied in ("I cast Glasspool Mimic copying my Elf: does it get the counter?",
                   "clono il mimic col clone, entra col segnalino?", "ma copie arrive-t-elle engagée ?"):
        assert "614.12" in {rule for rule, _ in evidence_said(thalia, copied)}


def test_a_trigger_sacrificing_the_card_is_no_cost_though_a_later_line_has_a_colon() -> None:
    """Pestilence's end-step trigger sacrifices it; its {B} ability on the next line was read as that sacrifice's cost
    (the pattern ran across lines), and reminder text's colons (Unearth's) did the same for Hell's Thunder."""
    def costs(name: str, text: str) -> bool:
        return "602.2" in {rule for rule, _ in card_evidence("Enchantment", text, (), "", {}, name=name)}

    assert not costs("Pestilence", "At the beginning of the end step, if no creatures are on the battlefield, sacrifice "
                     "Pestilence.\n{B}: Pestilence deals 1 damage to each creature and each player.")
    assert not costs("Hell's Thunder", "Flying, haste\nAt the beginning of the end step, sacrifice Hell's Thunder.\n"
                     "Unearth {4}{R} ({4}{R}: Return this card from your graveyard to the battlefield.)")
    assert costs("Sakura-Tribe Elder", "Sacrifice Sakura-Tribe Elder: Search your library for a basic land card, put "
                 "that card onto the battlefield tapped, then shuffle.")
    assert costs("Mogg Fanatic", "Sacrifice this creature: It deals 1 damage to any target.")


def test_a_search_brings_whether_the_card_must_be_found_and_a_fetch_land_none() -> None:
    """The thirteenth table set's Demonic Tutor (a card: it must be found, 701.23d) against Evolving Wilds (a basic
    land card, which one may fail to find, 701.23b): MTGJSON lists no keyword Search, and no search rule was brought.
    A land's search is a fetch land's, asked about as an activation (a search brought to it fell on the trials)."""
    def rules(type_line: str, text: str) -> set[str]:
        return {rule for rule, _ in card_evidence(type_line, text, (), "{1}{B}", {}, name="X")}

    assert {"701.23", "701.23d"} <= rules("Sorcery", "Search your library for a card, put that card into your hand, "
                                                     "then shuffle.")
    assert "701.23b" not in rules("Sorcery", "Search your library for a card, put that card into your hand.")
    assert {"701.23", "701.23b"} <= rules("Sorcery", "Search your library for a basic land card, put that card onto "
                                                     "the battlefield tapped, then shuffle.")
    assert "701.23" not in rules("Land", "{T}, Sacrifice X: Search your library for a basic land card, put it onto "
                                         "the battlefield tapped, then shuffle.")
    assert "701.23" not in rules("Instant", "Draw two cards. Then put a card from your hand on top of your library.")


def test_linked_exile_a_card_replacing_its_own_move_and_a_prevention_spell_bring_their_rules() -> None:
    """The thirteenth table set: Ashiok's -X takes only what Ashiok exiled (607.2a, 406.6); a discarded Darksteel
    Colossus is looked at as it moves and shuffled instead (400.6); Fog may be cast before combat (615.3)."""
    def rules(name: str, type_line: str, text: str) -> set[str]:
        return {rule for rule, _ in card_evidence(type_line, text, (), "{2}", {}, name=name)}

    assert {"607.2a", "406.6"} <= rules("Ashiok, Nightmare Weaver", "Legendary Planeswalker — Ashiok",
                                        "+2: Exile the top three cards of target opponent's library.\n−X: Put a creature "
                                        "card with mana value X exiled with Ashiok, Nightmare Weaver onto the battlefield.")
    assert "607" not in rules("Swords to Plowshares", "Instant", "Exile target creature. Its controller gains life "
                                                                 "equal to its power.")
    assert "400.6" in rules("Darksteel Colossus", "Artifact Creature — Golem", "If Darksteel Colossus would be put "
                            "into a graveyard from anywhere, reveal Darksteel Colossus and shuffle it into its owner's "
                            "library instead.")
    assert "400.6" not in rules("Rest in Peace", "Enchantment", "If a card or token would be put into a graveyard "
                                                                "from anywhere, exile it instead.")
    assert "615.3" in rules("Fog", "Instant", "Prevent all combat damage that would be dealt this turn.")
    assert "615.3" not in rules("Energy Field", "Enchantment", "Prevent all damage that would be dealt to you by "
                                                               "sources you don't control.")


def test_a_spell_cast_only_before_or_after_a_point_of_combat_brings_the_rule_of_that_point() -> None:
    """The eleventh table set's Siren's Call (none in two of three languages): cast "only before attackers are
    declared", whether or not any attacker is declared (506.7a)."""
    def rules(text: str) -> set[str]:
        return {rule for rule, _ in card_evidence("Instant", text, (), "{U}", {}, name="X")}

    assert {"506.7", "506.7a"} <= rules("Cast this spell only during an opponent's turn, before attackers are "
                                        "declared.\nCreatures the active player controls attack this combat if able.")
    assert {"506.7", "506.7b", "506.7c"} <= rules("Cast this spell only during combat after blockers are declared.")
    assert "506.7" not in rules("Target creature can't block this turn.")


def test_a_trigger_on_a_rarer_keyword_action_and_a_replacement_as_it_is_turned_face_up_bring_their_rules() -> None:
    """The thirteenth and fourteenth table sets: Wildgrowth Walker's trigger on exploring brings explore's rules
    (701.44: an explore by a creature that has left the battlefield still triggers it), Hooded Hydra's counters put as
    it is turned face up are a replacement (614.1e). A trigger on an everyday action (sacrifice) brings no 701 rule."""
    keywords = keyword_rules(vocabulary().concepts)

    def rules(name: str, type_line: str, text: str) -> set[str]:
        return {rule for rule, _ in card_evidence(type_line, text, (), "{2}", keywords, name=name)}

    assert "701.44" in rules("Wildgrowth Walker", "Creature — Elemental", "Whenever a creature you control explores, "
                             "put a +1/+1 counter on Wildgrowth Walker and you gain 3 life.")
    assert "701.22" in rules("Thrasios", "Creature — Merfolk", "Whenever you scry, draw a card.")
    assert "701.34" not in rules("Flux Channeler", "Creature — Human Wizard",
                                 "Whenever you cast a noncreature spell, proliferate.")  # it proliferates: its keyword
    assert not {r for r in rules("Blood Artist", "Creature — Vampire", "Whenever Blood Artist or another creature "
                                 "dies, target player loses 1 life.") if r.startswith("701.")}
    assert not {r for r in rules("Carrion Feeder", "Creature — Zombie", "Whenever you sacrifice a creature, put a "
                                 "+1/+1 counter on Carrion Feeder.") if r.startswith("701.")}
    assert "614.1e" in rules("Hooded Hydra", "Creature — Snake", "Hooded Hydra enters with X +1/+1 counters on it.\n"
                             "Morph {3}{G}{G}\nAs Hooded Hydra is turned face up, put five +1/+1 counters on it.")
    assert "614.1e" not in rules("Den Protector", "Creature — Human Warrior", "When Den Protector is turned face up, "
                                 "return target card from your graveyard to your hand.")


def test_a_free_cast_of_a_spell_with_x_brings_x_is_zero_and_the_initiative_its_rules() -> None:
    """The forty-third cold trial: Torrential Gearhulk casting Syncopate (X is 0, 107.3b), which neither brings
    alone; a card giving the initiative brings its rules (725)."""
    def rules(name: str, type_line: str, text: str, cost: str = "{2}") -> frozenset[str]:
        return frozenset(rule for rule, _ in card_evidence(type_line, text, (), cost, {}, name=name))

    gearhulk = rules("Torrential Gearhulk", "Artifact Creature — Construct", "Flash\nWhen Torrential Gearhulk "
                     "enters, you may cast target instant card from your graveyard without paying its mana cost.")
    syncopate = rules("Syncopate", "Instant", "Counter target spell unless its controller pays {X}.", "{X}{U}")
    assert "107.3b" in set().union(*together((gearhulk, syncopate))[2:])
    assert "107.3b" not in set().union(gearhulk, syncopate)
    assert "725" in rules("Seasoned Dungeoneer", "Creature — Human Warrior", "When Seasoned Dungeoneer enters, you "
                          "take the initiative.")


def test_a_card_restarting_the_game_brings_the_rules_of_the_restart() -> None:
    """The forty-sixth cold trial's F04: Karn Liberated's restart, asked by its French name, reached no rule of 726."""
    karn = frozenset(rule for rule, _ in card_evidence(
        "Legendary Planeswalker — Karn", "+4: Target player exiles a card from their hand.\n−3: Exile target "
        "permanent.\n−14: Restart the game, leaving in exile all non-Aura permanent cards exiled with Karn Liberated. "
        "Then put those cards onto the battlefield under your control.", (), "{7}", {}, name="Karn Liberated"))
    assert {"726", "726.1", "726.5"} <= karn


def test_a_card_a_rule_or_its_example_names_brings_that_rule_but_not_a_list_nor_an_everyday_word() -> None:
    from indexer.card_evidence import NAMED_BY_A_RULE, NAMED_BY_AN_EXAMPLE, rules_naming

    texts = [("707.14", "One card (Magar of the Magic Strings) instructs a player to note the name of a card.", False),
             ("608.2k", "Example: Ensoul Artifact’s controller casts Wall of Tears on the stack.", True),
             ("206.3a", "Ali Baba, Ali from Cairo, Bazaar of Baghdad, City of Brass and Jihad are cards of ante.", False),
             ("701.13", "Exile it.", False), ("701.13a", "Exile target card.", False),
             ("113.6m", "Exile a card.", False), ("400.7", "Exile the object.", False)]
    names = {"Magar of the Magic Strings", "Wall of Tears", "Ensoul Artifact", "Ali Baba", "City of Brass",
             "Bazaar of Baghdad", "Ali from Cairo", "Jihad", "Exile", "Fight", "Magic"}
    found = rules_naming(names, texts, frozenset({"magic"}))
    assert found["Magar of the Magic Strings"] == [["707.14", NAMED_BY_A_RULE]]
    assert found["Ensoul Artifact"] == found["Wall of Tears"] == [["608.2k", NAMED_BY_AN_EXAMPLE]]
    assert found["Ali Baba"] == []  # 206.3a lists five cards
    assert "Exile" not in found  # written by four rules: a word, not a card they name
    assert "Magic" not in found  # a one-word name the rules write in lower case


@pytest.mark.parametrize("question, rule", [
    ("garth one eye made a lotus copy, where does the copy come from, do i need the real card", "707.13"),
    ("Garth One-Eye copie Black Lotus : la copie vient d'où, il faut posséder la carte ?", "707.13"),
    ("il mio wall of tears blocca una creatura che poi non e piu una creatura, torna in mano lo stesso?", "608.2k"),
    # a card newer than the card data, which the rules name (table16's B-12: in no top ten)
    ("Ho usato Magar of the Magic Strings su un istantaneo nel cimitero: la copia che lancio di cosa e fatta?", "707.14"),
])
def test_a_question_naming_a_card_the_rules_name_finds_the_rule_naming_it(product_kb, question, rule) -> None:
    from kb.store import KnowledgeBase

    hits = [hit for hit in search(KnowledgeBase.open(product_kb), question) if hit.kind == "rule"]
    assert [hit.number for hit in hits[:3]].count(rule) == 1, [hit.number for hit in hits[:5]]


def test_a_name_no_card_held_bears_brings_the_rules_that_write_it() -> None:
    """table16's B-12 named Magar of the Magic Strings, newer than the archive's card data, which 707.14 names: the name
    was cut out of the question as a card not held, and 707.14 was in no top ten."""
    from indexer.card_evidence import NAMED_BY_A_RULE, NAMED_BY_AN_EXAMPLE, capitalised_runs
    from indexer.card_finder import CardFinder, card_table, name_keys

    texts = (("707.14", "One card (Magar of the Magic Strings) instructs a player to note the name of a card.", False),
             ("500.10", "Example: Whenever Obeka, Splitter of Seconds deals combat damage, you get that many upkeeps.",
              True))
    runs = capitalised_runs(texts)
    assert runs == (("707.14", "Magar of the Magic Strings", NAMED_BY_A_RULE),
                    ("500.10", "Whenever Obeka, Splitter of Seconds", NAMED_BY_AN_EXAMPLE))
    table = card_table([("Chaos Warp", [], 5, [], {})], [text for _rule, text, _example in texts])
    table.rule_runs = [[rule, " ".join(name_keys(run)), reason] for rule, run, reason in runs]
    finder = CardFinder.of(table)
    assert finder.rules_naming("Magar of the Magic Strings") == [["707.14", NAMED_BY_A_RULE]]
    assert finder.rules_naming("Obeka, Splitter of Seconds") == [["500.10", NAMED_BY_AN_EXAMPLE]]
    assert finder.rules_naming("Obeka") == [] and finder.rules_naming("Orcish Bowmasters") == []


def test_a_card_table_is_made_once_for_the_same_cards_and_rules_and_again_when_what_it_reads_changes(
        kb_cache, tmp_path, monkeypatch) -> None:
    """A translator's import rebuilds the index of the same cards: the table is made once per process for the same
    cards, English rules and rule words, and made again when one of them, or a nickname, changes; when only the rule
    words change (an imported text), only its words' flags are made again."""
    from dataclasses import replace

    from indexer import card_finder
    from indexer.build import cards_of, collect_items
    from indexer.card_evidence import NAMED_BY_A_RULE
    from kb.corpus import embedded_corpus
    from kb.store import KnowledgeBase

    from .conftest import cr_release

    kb = KnowledgeBase.open(kb_cache.shared([cr_release("20250606")]))
    items = collect_items(kb)
    table = cards_of(kb, items)
    assert cards_of(kb, list(items)) is table
    at = next(i for i, item in enumerate(items) if item.kind == "rule" and item.lang == "en" and item.number == "707.13")
    renamed = [*items[:at], replace(items[at], content=items[at].content.replace("Garth One-Eye", "Karn")),
               *items[at + 1:]]
    garth = _card(table, "Garth One-Eye")
    assert ["707.13", NAMED_BY_A_RULE] in table.cards[garth][2]
    assert cards_of(kb, renamed) is not table
    assert ["707.13", NAMED_BY_A_RULE] not in cards_of(kb, renamed).cards[garth][2]
    # a text that changes only the words of the rules makes the flags again, not the cards' names and evidence
    from indexer import build

    made = []
    monkeypatch.setattr(build, "named_card_table_of", lambda *args: made.append(args))
    worded = [*items, replace(items[at], uid="rule/it/707.13", lang="it", content="Garth garth garth")]
    reworded = cards_of(kb, worded)
    assert made == [] and reworded is not table and reworded.flags["garth"] & card_finder.RULES
    assert not table.flags.get("garth", 0) & card_finder.RULES and reworded.cards[garth][2] == table.cards[garth][2]
    monkeypatch.undo()
    nicknames = tmp_path / "nicknames.tsv"
    nicknames.write_text((embedded_corpus() / "card-nicknames.tsv").read_text(encoding="utf-8")
                         + "garthy\tGarth One-Eye\t\ten\n", encoding="utf-8")
    monkeypatch.setattr(card_finder, "NICKNAMES", str(nicknames))
    nicknamed = cards_of(kb, items)
    assert nicknamed is not table and nicknamed.nicknames.get("garthy") == garth and "garthy" not in table.nicknames


def test_a_card_tables_digest_reads_values_not_how_they_share_their_strings() -> None:
    """The vocabulary read again for an import is equal to the build's, not alike: pickled, a string shared twice is
    written once, so its pickle differed and the card table was made again for every import."""
    import pickle

    from indexer.build import value_digest

    word = "".join(["trample"])
    shared, apart = [word, word], ["".join(["tram", "ple"]), "".join(["tr", "ample"])]
    assert shared == apart and pickle.dumps(shared) != pickle.dumps(apart)
    assert value_digest(shared) == value_digest(apart) != value_digest(["trample", "haste"])


def _card(table, name: str) -> int:
    return next(at for at, card in enumerate(table.cards) if card[0] == name)


@pytest.mark.parametrize("type_line, text, rules", [
    ("Enchantment Creature — Human Wizard", "Creatures you control have flying.\nCreatures your opponents control "
     "lose flying and can't have or gain flying.", {"113.11", "613.1f"}),  # Archetype of Imagination
    ("Creature — Vampire", "Flying, trample\nWhenever a player loses the game, put five +1/+1 counters on Blood "
     "Tyrant.", {"603.9", "603.10f"}),
    ("Artifact", "{3}, {T}: Create a token that's a copy of a card exiled with Mimic Vat. It gains haste.", {"111.5"}),
    ("Enchantment — Aura", "Enchant player\nAt the beginning of enchanted player's first upkeep each turn, that player "
     "gets an additional upkeep step after this step.", {"500.9"}),  # Paradox Haze
    ("Legendary Creature — Cat Soldier", "Whenever Brimaz, King of Oreskos blocks a creature, create a 1/1 white Cat "
     "Soldier creature token with vigilance that's blocking that creature.", {"509.4", "509.4a"}),
    ("Creature — Elf Wizard", "Kicker {R} and/or {W}\nWhen Thornscape Battlemage enters, if it was kicked with its "
     "{R} kicker, it deals 2 damage to any target.", {"702.33e", "702.33f"}),
    ("Enchantment", "You have hexproof.", {"702.11c"}),  # Leyline of Sanctity
    ("Artifact", "If you would begin your turn while Time Vault is tapped, you may skip that turn instead. If you do, "
     "untap Time Vault.", {"614.10", "614.10b"}),
])
def test_a_cards_ability_that_a_rule_settles_by_name_brings_that_rule(type_line, text, rules) -> None:
    """table19's misses (a development set since the thirtieth session): each card's text names what one rule
    settles, which no word of the questions reached (Archetype of Imagination and Jump's newer flying: 113.11)."""
    assert rules <= evidence_of(type_line, text)


def test_near_wordings_bring_none_of_those_rules() -> None:
    assert not {"113.11", "603.10f", "111.5", "500.9", "509.4a", "702.33f", "702.11c", "614.10b"} & (
        evidence_of("Legendary Creature — Human Wizard", "Rasputin Dreamweaver can't have more than seven dream "
                                                          "counters on it.")
        | evidence_of("Sorcery", "Target player loses 3 life.")
        | evidence_of("Sorcery", "Create a token that's a copy of target creature card in your graveyard.")
        | evidence_of("Sorcery", "Take an extra turn after this one.")
        | evidence_of("Creature — Human", "Whenever this creature blocks, it gets +1/+1 until end of turn.")
        | evidence_of("Creature — Goblin", "Kicker {R}\nIf this creature was kicked, it enters with a +1/+1 counter.")
        | evidence_of("Creature — Elf", "Hexproof")
        | evidence_of("Sorcery", "Target player skips their next untap step."))


def test_a_trigger_on_becoming_unattached_and_phasing_bring_that_phasing_triggers_neither() -> None:
    """table19's B-03: Grafted Exoskeleton's sacrifice trigger and Teferi's Protection's phasing (702.26j)."""
    exoskeleton = frozenset(dict(card_evidence("Artifact — Equipment", "Equipped creature gets +2/+2 and has infect.\n"
                                               "Whenever Grafted Exoskeleton becomes unattached from a permanent, "
                                               "sacrifice that permanent.\nEquip {2}", (), "{4}", {},
                                               "Grafted Exoskeleton")))
    protection = frozenset(dict(card_evidence("Instant", "Until your next turn, your life total can't change and you "
                                              "gain protection from everything. All permanents you control phase out.",
                                              (), "{1}{W}", {}, "Teferi's Protection")))
    assert frozenset({"702.26j"}) in together((exoskeleton, protection))[2:]
    assert with_named((exoskeleton,), frozenset({"702.26"})) == (frozenset({"702.26j"}),)


@pytest.mark.parametrize("type_line, text, rules", [
    ("Creature — Lizard Beast", "{1}{G}: Basking Rootwalla gets +2/+2 until end of turn. Activate only once each turn.",
     {"602.5b"}),
    ("Creature — Human", "{T}: Draw a card. Activate only as a sorcery.", {"602.5d"}),
    ("Creature — Beast", "When Craterhoof Behemoth enters the battlefield, creatures you control gain trample and get "
     "+X/+X until end of turn, where X is the number of creatures you control.", {"611.2d"}),
    ("Land", "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen type.",
     {"106.6"}),
    ("Creature — Elemental", "If you tap a permanent for mana, it produces three times as much of that mana instead.",
     {"106.6a"}),
    ("Sorcery", "Put Approach of the Second Sun into its owner's library seventh from the top and you gain 7 life.",
     {"401.7"}),
    ("Instant", "Destroy target permanent. Its controller creates a 3/3 green Beast creature token.", {"111.2"}),
    ("Creature — Construct", "When Torrential Gearhulk enters the battlefield, you may cast target instant card from "
     "your graveyard without paying its mana cost. If that spell would be put into your graveyard, exile it instead.",
     {"400.7h"}),
    ("Creature — Goblin Scout", "Whenever Goblin Guide attacks, defending player reveals the top card of their "
     "library.", {"508.5"}),
    ("Instant", "Copy target creature spell you control, except it isn't legendary if the spell is legendary.",
     {"707.10f", "111.13", "608.3f"}),
    ("Land", "You have no maximum hand size.", {"402.2"}),
    ("Artifact — Equipment", "Equipped creature gets +2/+2, has haste, can't attack you or planeswalkers you control, "
     "and can't be sacrificed.", {"614.17", "614.17b"}),
    ("Legendary Creature — Human Wizard", "Rasputin Dreamweaver can't have more than seven dream counters on it.",
     {"704.5r", "122.4"}),
    ("Enchantment", "Skip your draw step.", {"614.10", "614.1b"}),
    ("Instant", "Cast this spell only before the combat damage step.\nTarget creature gains trample.", {"506.7d"}),
    ("Enchantment — Aura Curse", "Enchant player\nWhenever enchanted player is attacked, create a Gold token.",
     {"508.3b"}),
    ("Enchantment", "When Oubliette enters the battlefield, target creature phases out until Oubliette leaves the "
     "battlefield.", {"610.4", "610.4a"}),
    ("Creature — Human Noble", "When Charming Prince enters the battlefield, choose one —\n• Scry 2.\n• You gain 3 "
     "life.", {"700.2b"}),
    ("Enchantment", "At the beginning of your first main phase, add {B} for each charge counter on Black Market.",
     {"505.1a", "505.1b"}),
    ("Legendary Planeswalker — Liliana", "−3: Return target creature card from your graveyard to the battlefield. That "
     "creature is a black Zombie in addition to its other colors and types.", {"611.2e"}),
    ("Creature — Ooze", "As long as Necrotic Ooze is on the battlefield, it has all activated abilities of all "
     "creature cards in all graveyards.", {"613.1f"}),
])
def test_a_cards_restriction_timing_or_effect_that_a_rule_settles_brings_that_rule(type_line, text, rules) -> None:
    """The development table sets' misses read in the thirtieth session (Basking Rootwalla's once each turn under
    Act of Treason: 602.5b; Craterhoof's X fixed as it resolves: 611.2d; Nyxbloom Ancient and Cavern of Souls: 106.6a)."""
    assert rules <= evidence_of(type_line, text)


def test_near_wordings_of_restrictions_and_timing_bring_none_of_those_rules() -> None:
    assert not {"602.5b", "611.2d", "106.6", "401.7", "111.2", "400.7h", "707.10f", "508.3b", "610.4", "700.2b",
                "611.2e"} & (
        evidence_of("Creature — Elf", "{T}: Add {G}.")
        | evidence_of("Creature — Spirit", "Other creatures you control get +X/+X, where X is the number of Spirits you "
                                           "control.")  # a static ability: no X fixed
        | evidence_of("Sorcery", "Look at the top seven cards of your library.")
        | evidence_of("Sorcery", "Create two 1/1 white Soldier creature tokens.")
        | evidence_of("Instant", "Copy target instant or sorcery spell.")
        | evidence_of("Creature — Human", "Whenever Hellrider attacks, it deals 1 damage to the player it's attacking.")
        | evidence_of("Instant", "Target creature phases out.")
        | evidence_of("Sorcery", "Choose one —\n• Draw a card.\n• Gain 3 life.")
        | evidence_of("Sorcery", "Return target creature card from your graveyard to the battlefield."))


@pytest.mark.parametrize("first, second, rule", [
    (("Land", "You have no maximum hand size."), ("Artifact", "The chosen player's maximum hand size is four."),
     "613.10"),
    (("Legendary Enchantment Creature — God", "Your opponents can't gain life."),
     ("Enchantment", "If an opponent would gain life, that player loses that much life instead."), "614.17c"),
    (("Creature — Faerie", "When Sower of Temptation enters the battlefield, gain control of target creature for as long "
                           "as Sower of Temptation remains on the battlefield."),
     ("Instant", "Until your next turn, your life total can't change and you gain protection from everything. All "
                 "permanents you control phase out."), "702.26f"),
    (("Creature — Ooze", "It has all activated abilities of all creature cards in all graveyards."),
     ("Creature — Plant Wall", "Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn."), "602.5c"),
])
def test_two_cards_whose_effects_a_rule_settles_together_bring_it(first, second, rule) -> None:
    cards = tuple(frozenset(dict(card_evidence(type_line, text, (), "", {}))) for type_line, text in (first, second))
    assert frozenset({rule}) in together(cards)[2:]


def test_a_leveler_card_and_a_level_named_bring_its_level_symbols_not_a_class() -> None:
    """Student of Warfare *lvl 7*: the glossary's Level is a Class's (716); a leveler card's levels are its level
    symbols and counters (711.2), which the twenty-ninth session's closing note left open."""
    leveler = frozenset({"702.87", "711"})
    assert with_named((leveler,), frozenset({"716"})) == (frozenset({"711.2", "711.2a", "711.2b"}),)
    assert with_named((frozenset({"716", "716.2a"}),), frozenset({"716"})) == ()  # a Class card: nothing

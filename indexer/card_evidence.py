"""What a card brings to a question that names it: the rules its nature points to (:func:`card_evidence`).

Derived at build from the card's stored data, never from its words matched against the rules:

* supertypes and types: *legendary* → the legend rule (704.5j, 205.4d; a legendary instant or sorcery → 205.4e, its
  casting restriction, instead), a planeswalker → 306, its loyalty abilities 606 and the damage dealt to it 120.3c,
  an Aura → 303.4, its state-based action 704.5m and its spell's illegal target 608.3b, an Equipment → 301.5 and
  704.5n, a Vehicle → 301.7, a Saga → 714, a Class → 716, a battle → 310, a *world* → 704.5k, an instant → 304, a
  sorcery → 307 (when it may be cast);
* a multi-face card's kind (:func:`card_kind`): split → 709, Adventure → 715, flip → 710, double-faced → 712;
* its keywords (MTGJSON's list) → their rules of 701 and 702 through the vocabulary, with the chapters of
  the additional rules those rules cite (:func:`with_cited_chapters`: mutate → 729, morph → 708), and the keyword
  abilities its text gives (*equipped creature has protection*, *creatures you control gain flying*) → 702;
* the kinds of ability its text holds (:data:`ABILITY_KINDS`): a replacement effect (*instead*,
  *enters with*, *as … enters*) → 614, a prevention effect → 615, a static effect that sets or changes
  characteristics → the layers, 613 (a land's type → 305.7 too), an ability reading an object's characteristics
  (*equal to its power*, an entering trigger's *it deals*) → 608.2h, last known information, a triggered ability of entering, leaving or dying → 603.6 and
  603.10, another triggered ability → 603, an activated ability → 602, a loyalty ability → 606, a cost
  change → 601.2f, an ability that cannot be activated → 602.5, a mana ability → 605 (one that adds mana but
  targets is none: 605.5a), damage divided
  among targets → 601.2d, a modal spell → 700.2, a copy effect → 707, an exchange → 701.12, a control-changing effect →
  613.1b, countering a spell → 701.6, a coin flip → 705, an extra turn → 500.7, an emblem → 114, a characteristic-defining
  ability → 604.3 and 613.4a, a delayed triggered ability → 603.7, ending the turn → 723; *can't be countered* → 113.6g and 101.2;
  damage that *can't be prevented* → 615.12; changing the targets of a spell or ability → 115.7; reading a mana
  value (its reminder text too: cascade) → 202.3; exiling a permanent and returning it (a flicker) → 400.7;
  phasing out or in → 702.26; acting from the opening hand (the Leylines) → 103.6; a creature's ability with the
  tap symbol → 302.6 (summoning sickness); a creature put onto the battlefield attacking (ninjutsu, tokens
  *tapped and attacking*) → 508.4; exiling *until* an event (Banisher Priest) → 610.3 and 610.3b; lowering a
  toughness (*gets -2/-2*) → 704.5f; putting a land onto the battlefield → 305.4, no land played; an additional
  cost to cast it → 118.8 and 601.2h; a cost to attack (Propaganda) → 508.1h; a control-changing effect → 302.6
  too; regenerating → 701.19; an ability word (*Landfall —*) is read past; casting *without paying its mana cost*, or an alternative cost (*rather than pay
  this spell's mana cost*) → 118.9; power and toughness set,
  modified or switched → 613.4b, 613.4c, 613.4d; a trigger on attacking → 508.3a (unblocked: 508.3f, 509.3g), on
  blocking → 509.3a, on becoming blocked → 509.3c; a state trigger (*When you control no other creatures*) →
  603.8; -1/-1 counters put → 704.5q and 122.3 (with +1/+1 counters they are removed in pairs); a dying or
  leaving trigger → 603.10a too (it looks back in time); an effect until end of turn → 514.2 (it ends in the
  cleanup step); a delayed trigger → 603.7b too; a redirection (*is dealt to … instead*) → 614.9; skipping a
  step, phase or turn → 614.10; an extra combat → 500.8; a mana symbol of its cost or of an ability's cost the rules
  define apart ({C} → 107.4c, hybrid → 107.4e, Phyrexian → 107.4f, snow → 107.4h: Icehide Troll's {S}); counters
  read as put (*would be put on*: Hardened Scales) → 122.6, those a permanent enters with too; entering with
  counters (Walking Ballista) → 122.6a; a leaving object's counters put on another → 122.8 (The Ozolith; sacrificed as a cost: 122.9); *as
  [this] enters*, *enters with*, *enters tapped* → 614.1c; a copy of a spell with new targets → 707.10c; a
  commander's color identity read → 903.4, 903.4f (undefined without a commander); one effect in several layers
  (a type and a power and toughness: Opalescence; abilities and a power and toughness: Humility) → 613.6; an
  activated ability sacrificing the card itself as its cost (Sakura-Tribe Elder) → 602.2 and 601.2h, the cost
  paid as it is activated; moving counters (Bioshift) → 122.5; casting a copy (Isochron Scepter) → 707.12; a
  requirement to block (Lure) → 509.1c, to attack → 508.1d; a prevention shield of an amount → 615.7, of the next
  time a source would deal damage (Circle of Protection: Red) → 615.8; a source of damage chosen → 609.7a; entering
  as a copy (Clone) → 707.5; a control-changing effect → 400.3 too (a stolen card goes to its owner's graveyard);
  a predefined token it creates (a Clue, a Treasure) → its rule of 111.10, read off the release
  (:func:`token_rules`); X in its mana cost → 107.3; mana of a type another permanent could produce (Exotic Orchard)
  → 106.7; a cost reduction → 118.7 and 118.7a too; a trigger on the Nth counter put (Midnight Clock) → 122.7; a
  triggered ability with an intervening *if* clause (Felidar Sovereign) → 603.4; a copy of a spell or ability
  (Reverberate) → 707.10, it is not cast, one for each object it could target (Precursor Golem) → 707.10d; a trigger
  on blocking a creature or on becoming blocked by one (Engulfing Slagwurm) → 509.3b, 509.3d, once per creature; an
  effect at end of combat (Cockatrice) → 511.2; a prevention effect acting on the damage prevented (Vigor) → 615.5; a
  limit on a permanent's counters (Rasputin Dreamweaver) → 704.5r; protection from everything → 702.16j; regenerating
  → 614.8 too, a replacement of destruction; a trigger reading an entering creature's power (Elemental Bond) →
  611.3c; a Lieutenant's commander controlled → 903.3d; a spell's effect on a set of creatures until end of turn
  (Infest) → 611.2c; a delayed trigger an activated ability creates (Sneak Attack) → 603.7e, one a spell creates →
  603.7d; no mana cost on a card that is cast (Ancestral Vision) → 118.6, 202.1b, and its mana value of 0 → 202.3a;
  shield, stun, finality and rad counters → 122.1c, 122.1d, 122.1h, 122.1i; an artifact made a creature (Ensoul
  Artifact) → 613.1d; other permanents entering as a copy (Essence of the Wild) → 614.1d, 616.1c, the copy chosen
  first; an attack restriction (Ensnaring Bridge) → 508.1c, a block restriction (Craven Giant) → 509.1b; a
  creature entering under another player's control instead (Gather Specimens) → 616.1b; a
  replacement of an effect creating tokens or putting counters (Parallel Lives) → 614.16; a cost to block (Archangel of
  Tithes) → 509.1d, 509.1f; an effect lasting *for as long as* (Dungeon Geists) → 611.2b; a trigger on becoming
  unattached (Grafted Wargear) → 603.10c, 603.10a; tapped for mana (Kinnan) → 106.12, 106.12a; spells of a quality
  cast as though they had flash (Sigarda's Aid) → 601.3b; any other *as though* effect (Vedalken Orrery) → 609.4, mana
  spent as though it were another → 609.4b; a copy's exception if it is a creature (Spark Double) → 707.9f; doubling
  power, a life total, counters or a source's damage → 701.10a, 701.10b, 701.10d, 701.10e, 701.10g; a player who can't gain
  life (Leyline of Punishment) → 119.7, can't lose it or whose life total can't change (Platinum Emperion) → 119.8,
  119.7; a trigger that targets (Oath of Druids) → 603.3d, removed with no legal target; a copy's exception (*except
  it has*, *except its name is*, *except it doesn't copy*, *the copy isn't legendary*: Kiki-Jiki, Sakashima, Vesuvan
  Doppelganger, Ob Nixilis, the Adversary) → 707.9 and 707.9a, 707.9b or 707.9c; a card type set, the others lost (Imprisoned in the Moon) → 205.1a, 613.1d; mana of a
  color among permanents (Mox Amber) → 106.5, none when undefined; a replacement of the damage a source would deal
  (Torbran, Furnace of Rath) → 614.2, 609.7, a static ability's on sources of a quality → 609.7c; a replacement of how
  other permanents enter (Metallic Mimic, Blind Obedience) → 614.12; a text-changing effect (Sleight of Mind) → 612,
  612.1, 612.2; an attacker's player or permanent reselected (Portal Mage) → 508.7, 508.7a; abilities working off the
  battlefield, told by the card naming itself (:func:`_zone_abilities`): moving itself out of a zone (Reassembling
  Skeleton) → 113.6m, a trigger in a hidden zone (Narcomoeba) → 113.6k, on being cycled (Krosan Tusker) 702.29c
  too, a zone named (Ichorid) → 113.6b, off the battlefield (Grist) → 113.6c, cast from another zone → 113.6f; a
  search said by a spell or a nonland permanent
  (:data:`_SEARCHES`: a fetch land's question is its activation) → 701.23, 701.23a, and 701.23d for a number of cards
  (Demonic Tutor: one must be found) or 701.23b for cards of a quality (one may fail to find them); a fight →
  701.14, 701.14a; a card replacing its own move to a graveyard from anywhere (Darksteel Colossus) → 400.6, 614.1a,
  its owner looks at it as it moves; linked exile abilities (*exiled with ~*, *the exiled card*: Ashiok, Nightmare
  Weaver) → 607, 607.1, 607.2a, 406.6; a spell's prevention effect (Fog) → 615.3, cast whenever, lasting till used;
  a spell cast only before or after blockers or attackers are declared, or during combat (Dazzling Beauty) → 506.7
  and 506.7b, 506.7a or 506.7c; a trigger on a rarer keyword action (*whenever a creature you control explores*:
  Wildgrowth Walker; *whenever you scry*) → that action's rules of 701 (:func:`_watched_actions`); *as [this] is
  turned face up* (Hooded Hydra) → 614.1e; the initiative → 725; restarting the game (Karn Liberated) → 726,
  726.1, 726.5. A permanent's
  replacement of its own entering (*enters with*, *as … enters*, *enters tapped*) is 614.1c only, never a replacement
  that another card's would be ordered with (616).

Two cards named together may bring more than each alone (:func:`together`: two replacement effects → 616,
two effects of the layers → 613.7, timestamps, and 613.8, dependency; a spell that can't be countered and a
counterspell → 101.2; a cost change and an alternative cost → 118.9d; a mana value read and a split card →
709.4b, 202.3d, or a double-faced card → 712.8a; two control changes → 613.7; a characteristic-defining
ability and an instant or sorcery → 608.2n, 704.3; a replacement effect and a leaving trigger, persist or undying
→ 614.6; a flicker and persist or undying → 122.2, 400.7: the counters do not come back; a replacement effect
and a prevention effect → 616, 616.1; a copy effect and a double-faced card → 707.8; a control change and a dying
trigger → 603.3a, the trigger's controller; a prevention effect and damage that can't be prevented → 615.12; a
flicker and an effect of the layers → 613.7d, the returned object's new timestamp; a cost to attack and a mana
ability → 508.1f, 508.1i, the attackers tapped before the costs are paid; a trigger on attacking and a creature put
onto the battlefield attacking → 508.4, 508.3a; an extra turn and a skip → 614.10, 500.7; split second and an
activated ability → 702.61a, 702.61b; a flicker and an Aura → 704.5m, 400.7; a copy effect and a choice made as a
permanent enters → 707.6, the choice is not copied; a land type change and a land modifying how it enters → 614.12,
its characteristics checked as it would be on the battlefield; an alternative cost and a mana value read → 118.9c;
counters read as put and a permanent entering with counters → 122.6 once more: those it enters with are put;
protection and damage that can't be prevented → 615.12: Skullcrack or Stomp beats protection; a flicker and a
planeswalker → 400.7, 606.3: the returned planeswalker is a new object, its loyalty abilities activated again; split second
and morph or disguise → 702.61b, 116.2b: turning a face-down creature face up is a special action; indestructible
and a toughness lowered → 704.5f: a creature of toughness 0 is put into the graveyard, not destroyed; phasing and
an Aura or Equipment → 702.26g, it phases out with the permanent; kicker or another additional cost and a mana value
read → 118.8d, the mana cost unchanged; an artifact made a creature and an Equipment → 704.5p, 301.5c, it becomes
unattached; a prevention of the next time a source deals damage and double strike → 615.8, one of its two instances;
a creature put onto the battlefield attacking and an attack restriction → 508.4c, which it escapes; a permanent
entering as a copy and a replacement of how other permanents enter → 614.12 once more, the copy seen as it will
be; a cast without paying the mana cost, or for an alternative cost, and X in the cost → 107.3b, X is 0). A card
and a game term the question names may bring more too (:func:`with_named`: a flicker and counters → 122.2; life
that can't be lost or gained and Two-Headed Giant → 810.9h, 810.9g, the whole team's). Two
type-changing effects of which one changes what the other applies to (:func:`type_changes`, :func:`dependent`: Mycosynth
Lattice makes every permanent an artifact, March of the Machines turns noncreature artifacts into creatures;
Blood Moon takes Urborg's ability away) depend on each other → 613.8a and 613.8b, dependency.

The rules its rulings are linked to (the knowledge base links rulings to rules) are kept per ruling
(:func:`ruling_links`), so a search weighs only those of the rulings that meet the question's words.
"""

from __future__ import annotations

import functools
import re
from typing import Iterable

REPLACEMENT = "replacement effect"
SELF_REPLACEMENT = "self-replacement effect"
# how a trigger's condition says its object leaves the battlefield
_LEAVES = r"leaves|dies|put into (?:a|your|an opponent's|its owner's) graveyard(?! from (?:your|a) (?:library|hand)\b)"
# one creature, of a kind or not ("a creature", "a non-Wall creature")
_A_CREATURE = r"an? (?:[\w-]+ )?creature\b"

# (rules, reason, pattern over one line of the card's English text)
ABILITY_KINDS: tuple[tuple[tuple[str, ...], str, re.Pattern], ...] = tuple(
    (rules, reason, re.compile(pattern, re.IGNORECASE)) for rules, reason, pattern in (
        # an event that "would" happen replaced "instead" (Rest in Peace, Furnace of Rath)
        (("614", "614.1"), REPLACEMENT, r"^(?=.*\bwould\b).*\binstead\b"),
        # a spell's or ability's effect replacing part of itself, no "would" (Galvanic Blast's metalcraft, a kicked
        # spell's "instead"): applied before other replacement effects (614.15, 616.1a); a replacement effect too
        # (614, 614.1), but one no other card's event meets, so cards named together pair it only as 614.15
        (("614.15", "614", "614.1"), SELF_REPLACEMENT, r"^(?!.*\bwould\b).*\binstead\b"),
        (("615",), "prevention effect", r"\bprevent\b"),
        (("613", "613.1"), "characteristic-changing effect",
         r"\blose(?:s)? all abilities\b|\bbase power\b|\bin addition to (?:its|their) other (?:types|colors)\b"
         r"|^(?:all |each |other |nonbasic |non-?\w+ )*(?:lands?|creatures?|permanents?|artifacts?|enchantments?)\b[^.:]*\b(?:are|is)\b"
         r"|^(?:all |each |other |non-?\w+ )*(?:\w+ )?creatures?\b[^.:]*\bgets? [+-]\d+/[+-]\d+(?![^.]*until end of turn)"),
        # Blood Moon, Song of the Dryads, Spreading Seas: lands or a permanent made a basic land type (305.7)
        (("305.7",), "land type change",
         r"\blands? (?:are|is|becomes?) (?:an? )?(?:basic )?(?:plains|islands?|swamps?|mountains?|forests?)\b"
         r"|\bis (?:an? )?(?:colorless )?(?:plains|island|swamp|mountain|forest)(?: land)?\b"
         r"|\bbecomes? (?:an? )?(?:plains|island|swamp|mountain|forest)\b"),
        (("603.6", "603.6a", "603.10"), "enters or leaves trigger", rf"^(?:when|whenever)\b[^,]*\b(?:enters|{_LEAVES})\b"),
        # a leaving or dying trigger looks back in time (603.10a: Skullclamp's, Solemn Simulacrum's)
        (("603.10a",), "dies or leaves trigger", rf"^(?:when|whenever)\b[^,]*\b(?:{_LEAVES})\b"),
        (("603", "603.2"), "triggered ability", r"^(?:when|whenever|at the beginning of)\b"),
        # Oath of Druids, Flametongue Kavu: a trigger that targets, removed from the stack with no legal target (603.3d)
        (("603.3d",), "a triggered ability that targets", r"^(?:when|whenever|at the beginning of)\b[^.]*\btarget\b"),
        (("606", "606.3"), "loyalty ability", r"^\[?[+−-]?(?:\d+|X)\]?:"),
        (("602", "602.1"), "activated ability", r"^(?:\{[^}]+\}|[^\"“:.]{0,80}?(?:\{[^}]+\}|\b(?:sacrifice|discard|exile|tap|untap|pay|remove|put))[^\"“:.]{0,80}):"),
        (("601.2f",), "cost change", r"\bcosts? (?:\{[^}]+\} ?|\w+ )*?(?:more|less)\b"),
        (("602.5",), "activation forbidden", r"\bcan't be activated\b"),
        (("605", "605.1a"), "mana ability",
         r"^(?![^\"“]*\btarget)[^\"“]{1,80}?:[^\"“]*?\badd (?:\{|one |two |three |x |an amount\b|mana\b)"),
        # Deathrite Shaman: "{T}: Exile target land card from a graveyard. Add one mana": no mana ability
        (("605.5a", "605.1a"), "adds mana but targets: no mana ability",
         r"^[^\"“]{1,80}?:[^\"“]*?\btarget\b[^\"“]*?\badd (?:\{|one |two |three |x |an amount\b|mana\b)"),
        (("605", "605.1b"), "triggered mana ability", r"^(?:when|whenever)\b[^,]*\bfor mana\b.*\badd\b"),
        (("601.2d",), "divided among targets", r"\bdivided (?:as you choose|evenly)\b|\bdivide\b"),
        (("700.2",), "modal", r"^choose (?:one|two|three|four|one or more|one or both|any number|up to)\b"),
        (("707", "707.1"), "copy effect", r"\bcop(?:y|ies) of\b|\bcopy (?:target|that|it|this)\b"),
        # a permanent entering as a copy (Clone, Phantasmal Image) is a copy as it enters, not after (707.5)
        (("707.5",), "enters as a copy", r"\benters? (?:the battlefield )?as a copy\b"),
        (("701.12", "701.12a"), "exchange", r"\bexchanges?\b"),
        (("613.1b", "302.6", "400.3"), "control-changing effect",
         r"\bgains? control of\b(?! target (?:player|opponent))|\bexchange control\b|\byou control enchanted\b"),
        # Mindslaver, Worst Fears, Emrakul, the Promised End: a player controlled, not a permanent (722)
        (("722", "722.1"), "controls another player",
         r"\bcontrols? (?:target|that|the second|another target) (?:player|opponent)\b"
         r"|\bgains? control of target (?:player|opponent)\b"),
        (("701.6", "701.6a"), "counters a spell", r"\bcounter (?:target|that|it|each|all)\b(?! on)(?!s\b)"),
        (("705",), "coin flip", r"\bflips? (?:a|two|\w+) coins?\b"),
        (("500.7",), "extra turn", r"\bextra turns?\b"),
        (("114",), "emblem", r"\bemblem\b"),
        # the initiative, a designation with its own rules as the monarch's (Undercity's cards, newer than the archive)
        (("725",), "the initiative", r"\bthe initiative\b"),
        (("604.3", "613.4a"), "characteristic-defining ability",
         r"\b(?:power|toughness)(?: and toughness)? (?:is|are)(?: each)? equal to\b"),
        (("603.7", "603.7a", "603.7b"), "delayed triggered ability",
         r"^(?!at\b).*\b(?:at the beginning of the next|at the beginning of your next|at end of turn|at the next end step)\b"),
        (("723", "723.1"), "ending the turn", r"\bend the turn\b"),
        # Karn Liberated's restart: the new game's rules and the cards left out of it (726, 726.1, 726.5)
        (("726", "726.1", "726.5"), "restarts the game", r"\brestart the game\b"),
        (("113.6g", "101.2"), "can't be countered", r"\bcan't be countered\b"),
        (("615.12", "615.12a"), "damage can't be prevented", r"\bcan't be prevented\b"),
        (("702.26", "702.26a"), "phasing", r"\bphases? (?:out|in)\b"),
        (("118.9", "118.9a"), "cast without paying its mana cost", r"\bwithout paying (?:its|their|that \w+'s) mana costs?\b"),
        # ... and Dream Halls', As Foretold's, for other spells: "rather than pay the mana cost for a spell"
        (("118.9", "118.9a"), "alternative cost",
         r"\brather than pay(?:ing)? (?:this spell's|its|that spell's|a spell's) mana cost\b"
         r"|\brather than pay(?:ing)? the mana cost (?:for|of) a spell\b"),
        (("613.4b",), "power and toughness set", r"\bbase power and toughness\b|\bpower and toughness (?:are |is )?each equal\b"),
        (("613.4c",), "power and toughness modified", r"\bgets? [+-][\dX]+/[+-][\dX]+|\bput (?:a|an|one|two|three|x|\w+) [+-]1/[+-]1 counters?\b"),
        (("613.4d",), "power and toughness switched", r"\bswitch\b[^.]*\bpower and toughness\b"),
        (("103.6", "103.6a"), "acts from the opening hand", r"\bopening hand\b"),
        # MTGJSON lists no keyword action Regenerate (701.19); regeneration replaces destruction (614.8): a shield
        # used up or not, whatever else happens in the combat
        (("701.19", "614.8"), "regenerates", r"\bregenerate\b"),
        (("701.14", "701.14a"), "fights", r"\bfights?\b"),
        # Dazzling Beauty, Panic, Master Warcraft: cast before or after a point of combat, whether or not anything was
        # declared there (506.7a, 506.7b), in any combat phase of the turn when it says "during combat" (506.7c)
        (("506.7", "506.7b", "506.7d"), "cast only before or after blockers are declared",
         r"\bonly\b[^.]*\b(?:before|after) blockers are declared\b"),
        (("506.7", "506.7a", "506.7d"), "cast only before or after attackers are declared",
         r"\bonly\b[^.]*\b(?:before|after) attackers are declared\b"),
        (("506.7", "506.7c"), "cast only during combat", r"\bcast this spell only\b[^.]*\bduring combat\b"),
        # Banisher Priest, Oblivion Ring's kin: the card returns when the event comes, even before the exile (610.3b)
        (("610.3", "610.3b"), "exiles until an event", r"\bexile\b[^.]*\buntil\b"),
        (("704.5f",), "lowers toughness", r"\bgets? [+-][\dX]+/-(?:[1-9]|X)\b"),
        (("305.4",), "puts a land onto the battlefield",
         r"\bland cards?\b[^.]*\bonto the battlefield\b|\bput (?:a|an|up to \w+) (?:basic )?lands?\b[^.]*\bonto the battlefield\b"),
        (("118.8", "601.2h"), "additional cost", r"\bas an additional cost to cast this spell\b"),
        (("508.1h", "508.1d"), "a cost to attack", r"\bcan't attack\b[^.]*\bunless\b[^.]*\bpays?\b"),
        # Archangel of Tithes, Ghostly Prison's kin for blockers: the total cost is locked in and paid whole (509.1f)
        (("509.1d", "509.1f"), "a cost to block", r"\bcan't block\b[^.]*\bunless\b[^.]*\bpays?\b"),
        # Dungeon Geists: an effect that lasts "for as long as" does nothing once that duration has ended (611.2b)
        (("611.2b",), "lasts for as long as", r"\bfor as long as\b"),
        # Grafted Wargear: a trigger on becoming unattached looks back in time (603.10c)
        (("603.10c", "603.10a"), "trigger on becoming unattached", r"^(?:when|whenever)\b[^,]*\bbecomes unattached\b"),
        # Kinnan, Mana Flare: "tapped for mana" is a mana ability with {T} activated, and what triggers on it (106.12)
        (("106.12", "106.12a"), "tapped for mana", r"\btap(?:s|ped)? [^.]*\bfor mana\b"),
        # Sigarda's Aid: spells of a quality cast as though they had flash, the casting choices that give it (601.3b)
        (("601.3b",), "flash for spells of a quality", r"\bcast \w+ (?:and \w+ )?spells\b[^.]*\bas though (?:it|they) had flash\b"),
        # Vedalken Orrery, Bower Passage's kin: an "as though" effect applies only to what it states (609.4); spending
        # mana as though it were another is 609.4b's, a creature dealing damage as though unblocked 510.1c's
        (("609.4",), "an as though effect", r"\bas though\b(?! (?:it|they) (?:were|was)n't blocked)(?![^.]*\bmana\b)"),
        (("609.4b",), "mana spent as though it were another", r"\bmana\b[^.]*\bas though it were\b"),
        # Spark Double: an exception of a copy effect that applies only if the copy is a creature (707.9f)
        (("707.9f",), "a copy's exception of a characteristic", r"\bexcept\b[^.]*\bif (?:it's|it is|that \w+ is) an?\b"),
        # Kiki-Jiki, Sakashima, Vesuvan Doppelganger: a copy gaining an ability, with a characteristic set, or not
        # copying one, as part of the copying: the copiable values (707.9a, 707.9b, 707.9c)
        (("707.9", "707.9a"), "a copy that gains an ability",
         r"\bcop(?:y|ies) of\b[^.]*\bexcept (?:it|they|the token) (?:has|have|gains?)\b"),
        (("707.9", "707.9b"), "a copy with a characteristic set",
         r"\bcop(?:y|ies) of\b[^.]*\bexcept (?:its name is|it's|it is|they're|they are|the token is)\b(?! an? \w+ in addition)"
         r"|\bcop(?:y|ies) of\b[^.]*\bexcept it's an? \w+(?: \w+)? in addition to its other types\b"
         r"|\bthe copy (?:isn't|is not) legendary\b"),  # Ob Nixilis, the Adversary's casualty
        (("707.9", "707.9c"), "a copy not copying a characteristic",
         r"\bcop(?:y|ies) of\b[^.]*\bexcept (?:it|they) (?:doesn't|don't) copy\b"),
        # Unnatural Growth, Vorel: doubling power, a life total, counters (701.10)
        (("701.10a", "701.10b"), "doubles power", r"\bdouble (?:the |its |that creature's |each creature's )?power\b"),
        (("701.10d",), "doubles a life total", r"\bdouble (?:your|their|target player's|each player's) life total\b"),
        (("701.10e",), "doubles counters", r"\bdouble the number of\b[^.]*\bcounters?\b"),
        # Furnace of Rath, Dictate of the Twin Gods: doubling damage is a replacement of the source's damage (701.10g)
        (("701.10g",), "doubles damage", r"\bdeals? (?:double|twice) (?:that|that much|the) damage\b"),
        (("115.7", "115.7a"), "changes targets", r"\bchange (?:the|a) targets? of\b|\bchoose new targets\b"),
        # Custodi Lich, Palace Jailer: the monarch (724)
        (("724", "724.1"), "the monarch", r"\bthe monarch\b"),
        # Panharmonicon, Yarok: an ability triggering more than once for one event (603.2d)
        (("603.2d",), "makes abilities trigger again", r"\btriggers? an additional time\b|\btriggers? (?:twice|two additional times)\b"),
        # Winter Orb, Meekstone, Seedborn Muse: what untaps in the untap step (502.3)
        (("502.3",), "changes what untaps", r"\b(?:don't|doesn't|can't) untap\b|\buntap more than\b"
                                            r"|\bduring each other player's untap step\b"),
        # Grafdigger's Cage, Containment Priest's kin: a permanent that can't enter at all (614.17d)
        (("614.17", "614.17d"), "can't enter the battlefield", r"\bcan't enter the battlefield\b"),
        # Grafdigger's Cage, Void Winnower, Silence: a spell no one may begin to cast (601.3)
        (("601.3",), "forbids casting", r"\bcan't cast\b"),
        # Imprisoned in the Moon, Enchantmentize: a card type set, the others lost (205.1a, layer 4: 613.1d)
        (("205.1a", "613.1d"), "sets a card type", r"\bloses? all other (?:abilities, )?card types\b"),
        # Leyline of Punishment, Skullcrack: a player who can't gain life (119.7); Platinum Emperion, Teferi's
        # Protection: a life total that can't change, no life paid nor gained (119.8, 119.7)
        (("119.7",), "life can't be gained", r"\bcan't gain life\b"),
        (("119.8", "119.7"), "life can't be lost", r"\bcan't lose life\b|\blife totals? can't change\b"),
        # Mox Amber: mana of a color among permanents, none when they have none (106.5: of an undefined type)
        (("106.5",), "mana of a color among permanents", r"\bmana of any color among\b"),
        # Torbran, Furnace of Rath: an effect on the damage a source would deal (614.2, 609.7); a source of a
        # quality for a static ability, on and off the battlefield (609.7c)
        (("614.2", "609.7"), "replaces a source's damage", r"\bwould deal damage\b[^.]*\binstead\b"),
        (("609.7c",), "a quality of a damage source",
         r"^(?!the next time)[^.]*\bif an? (?!source\b)[\w ]+? (?:source|spell)s? (?:you control )?would deal damage\b"),
        # an ability reading its source's or another object's characteristics (Flametongue Kavu's "it deals",
        # Fling's "the sacrificed creature's power"): the object's last known information once it has left (608.2h)
        (("608.2h",), "reads an object's information",
         r"\bequal to (?:its|the sacrificed \w+'s|that \w+'s|this \w+'s|enchanted \w+'s|equipped \w+'s)\b"
         r"|^(?:when|whenever)\b[^.]*\bit deals\b"),
        # an ability triggering on attacking or blocking (Hellrider): it triggers on a declared attacker or blocker,
        # not on one put onto the battlefield attacking (508.3a, 508.4: ninjutsu)
        (("508.3a",), "attack trigger", r"^(?:when|whenever)\b[^,]*\battacks\b(?! and isn't blocked)"),
        (("508.3f", "509.3g"), "trigger on attacking unblocked", r"^(?:when|whenever)\b[^,]*\battacks and isn't blocked\b"),
        # once per combat (509.3a, 509.3c), or once per creature blocked or blocking (509.3b, 509.3d: Engulfing Slagwurm)
        (("509.3a",), "block trigger", rf"^(?:when|whenever)\b[^,]*\bblocks\b(?! (?:or becomes blocked by )?{_A_CREATURE})"),
        (("509.3b",), "trigger on blocking a creature",
         rf"^(?:when|whenever)\b[^,]*\bblocks (?:or becomes blocked by )?{_A_CREATURE}"),
        (("509.3c",), "trigger on becoming blocked", rf"^(?:when|whenever)\b[^,]*\bbecomes blocked\b(?! by {_A_CREATURE})"),
        (("509.3d",), "trigger on becoming blocked by a creature",
         rf"^(?:when|whenever)\b[^,]*\bbecomes blocked by {_A_CREATURE}"),
        # -1/-1 counters put (Skinrender; a return "with a -1/-1 counter on it"): with +1/+1 counters they are removed
        # in pairs (704.5q, 122.3)
        (("704.5q", "122.3"), "-1/-1 counters",
         r"\bput (?:a|an|one|two|three|four|x|that many|\w+) -1/-1 counters?\b|\bwith (?:a|an|one|\w+) -1/-1 counters? on it\b"),
        # an effect lasting until end of turn ends in the cleanup step, with the damage marked (514.2: Giant Growth)
        (("514.2",), "until end of turn", r"\buntil end of turn\b"),
        # a state trigger (Emperor Crocodile: "When you control no other creatures"): it triggers once, then resolves
        (("603.8",), "state trigger", r"^when (?:you control no|you have no|there are no)\b|^when\b[^,]*\bhas no\b"),
        (("500.8",), "extra combat", r"\badditional combat phases?\b"),
        # a redirection (Harm's Way: "is dealt to any target instead")
        (("614.9",), "redirects damage", r"\bdealt to\b[^.]*\binstead\b|\bdeals? that damage to\b[^.]*\binstead\b"),
        (("614.10", "614.1b"), "skips a step, phase or turn", r"\bskips? (?:your|their|that player's|his or her|the|its) (?:next )?\w+"),
        # counters "put" on an object include those it enters with (122.6: Hardened Scales, Doubling Season, Walking Ballista)
        (("122.6",), "reads counters being put",
         r"\bcounters? (?:would be|are|is) put on\b|\bwould put (?:one or more |a |an )?(?:[+-]1/[+-]1 )?counters?\b"),
        # a leaving object's counters put on another are not moved, as many are put (122.8: The Ozolith; 122.9 when the
        # object is sacrificed to pay the cost)
        (("122.8",), "puts a leaving object's counters on another",
         rf"^(?:when|whenever)\b[^,]*\b(?:{_LEAVES})\b.*\bput (?:its|those|that creature's|that permanent's) (?:[+-]1/[+-]1 )?counters on\b"),
        (("122.9",), "puts a sacrificed object's counters on another",
         r"^[^:\"“]*\bsacrifice\b[^:\"“]*:.*\bput (?:its|those|that creature's|the sacrificed \w+'s) (?:[+-]1/[+-]1 )?counters on\b"),
        # a permanent entering with counters is given them as it enters (122.6a: Walking Ballista, a modular creature)
        (("122.6a",), "enters with counters",
         r"\benters(?: the battlefield)?(?: tapped)? with (?:a|an|one|two|three|four|five|x|that many|\w+) (?:additional )?(?:[+-]1/[+-]1 |\w+ )?counters?\b"),
        # "enters with", "as [this] enters", "enters tapped": a replacement effect modifying how a permanent enters (614.1c)
        (("614.1c",), "modifies how it enters",
         r"^as .{0,80}\benters\b|\benters(?: the battlefield)?(?: tapped and)? with\b|\benters(?: the battlefield)? tapped\b"),
        # "as [this] is turned face up": a replacement effect too, done before anything can answer it (614.1e: Hooded
        # Hydra)
        (("614.1e",), "replaces how it is turned face up", r"^as .{0,80}\bis turned face up\b"),
        (("707.10c",), "copies a spell with new targets", r"\bchoose new targets for (?:the|each|that|those) cop(?:y|ies)\b"),
        # a quality of a commander's color identity is undefined without a commander (903.4f: Command Tower, Arcane Signet)
        (("903.4", "903.4f"), "reads a commander's color identity", r"\bcommander's color identity\b"),
        # moving counters removes them from one object and puts them on another, or does neither (122.5: Bioshift)
        (("122.5",), "moves counters", r"\bmove\b[^.]*\bcounters?\b"),
        # casting a copy (Isochron Scepter, Mizzix's Mastery): the copy is cast, so "whenever you cast" sees it (707.12)
        (("707.12",), "casts a copy", r"\bcast (?:the |a |that |those |any number of (?:the )?)?cop(?:y|ies)\b"),
        # requirements on blockers and attackers (Lure; "attacks each combat if able"), checked against the restrictions
        # and obeyed as far as possible (509.1c, 508.1d)
        (("509.1c",), "a requirement to block",
         r"\bable to block\b[^.]*\bdo so\b|\bmust be blocked\b|\bblocks?\b[^.]*\bif able\b"),
        (("508.1d",), "a requirement to attack", r"\battacks?\b[^.]*\bif able\b"),
        # prevention shields: the next N damage (615.7), the next time a source would deal damage, one instance however
        # much (615.8: Circle of Protection: Red); a source of damage chosen (609.7a)
        (("615.7",), "prevents the next amount of damage", r"\bprevent the next \w+ damage\b"),
        (("615.8",), "prevents the next time a source deals damage", r"\bthe next time\b[^.]*\bwould deal damage\b"),
        (("609.7a",), "chooses a source of damage", r"\bsource of your choice\b|\bchoose a source\b"),
        # a copy of a spell or ability (Reverberate, Twincast, Strionic Resonator): it is not cast (707.10), so
        # "whenever you cast" does not see it
        (("707.10",), "copies a spell or ability",
         r"\bcop(?:y|ies) (?:target|that|the) (?:instant or sorcery |instant |sorcery |activated or triggered |activated |triggered )?(?:spell|ability)\b"),
        # a copy for each object the spell could target (Precursor Golem, Ink-Treader Nephilim): 707.10d
        (("707.10d",), "copies a spell for each object it could target", r"\bcop(?:y|ies) (?:it|that spell|the spell)\b[^.]*\bfor each\b"),
        # a triggered ability with an intervening "if" clause (Felidar Sovereign: "At the beginning of your upkeep, if
        # you have 40 or more life"): checked as it triggers and again as it resolves (603.4)
        (("603.4",), "intervening if clause", r"^(?:when|whenever|at)\b[^,]*, if\b"),
        # mana of a type another permanent "could produce" (Exotic Orchard, Fellwar Stone): read as 106.7 says, costs
        # and tapped or not aside
        (("106.7",), "mana another permanent could produce", r"\bcould produce\b"),
        # a cost reduction (Goblin Electromancer): a generic amount reduces only the generic part (118.7a)
        (("118.7", "118.7a"), "cost reduction", r"\bcosts? (?:\{[^}]+\} ?|\w+ )*?less\b"),
        # "When the twelfth hour counter is put on" (Midnight Clock): counters put several at once pass it too (122.7)
        (("122.7",), "triggers on the Nth counter", r"\bthe (?:\w+th|first|second|third) [\w+/-]+ counters? (?:is|are) put\b"),
        # a prevention effect that also does something with the damage prevented (Vigor, Phytohydra's kin): 615.5
        (("615.5",), "acts on the damage prevented", r"\bprevented this way\b|\bfor each (?:1 )?damage prevented\b"),
        # a limit on a permanent's counters (Rasputin Dreamweaver): the excess is removed as a state-based action
        (("704.5r", "122.4"), "a limit on its counters", r"\bcan't have more than \w+ [\w+/-]+ counters\b"),
        (("702.16j",), "protection from everything", r"\bprotection from everything\b"),
        # an effect "at end of combat" (Cockatrice, Ball Lightning's kin): in the end of combat step (511.2)
        (("511.2",), "acts at end of combat", r"\bat end of combat\b|\bat the beginning of the end of combat step\b"),
        # a trigger on a creature entering with a power or toughness (Elemental Bond): the static effects that change
        # it apply as it enters (611.3c), so an anthem counts
        (("611.3c",), "a trigger reading an entering creature's power",
         r"^whenever (?:a|another)\b[^,]*\bcreatures?\b[^,]*\bwith (?:power|toughness) \d+ or (?:greater|less)\b[^,]*\benters\b"),
        # a Lieutenant's "as long as you control your commander": the commander permanent on the battlefield (903.3d)
        (("903.3d",), "reads controlling a commander", r"\b(?:as long as|if) you control your commander\b"),
        # counters the rules give a meaning of their own: shield (Rhox Pummeler), stun, finality, rad (122.1c-i)
        (("122.1c",), "shield counters", r"\bshield counters?\b"),
        (("122.1d",), "stun counters", r"\bstun counters?\b"),
        (("122.1h",), "finality counters", r"\bfinality counters?\b"),
        (("122.1i",), "rad counters", r"\brad counters?\b"),
        # an artifact made a creature (Ensoul Artifact, March of the Machines): a type change in layer 4 (613.1d); an
        # Equipment so made becomes unattached (704.5p, 301.5c)
        (("613.1d",), "makes an artifact a creature",
         r"\bartifacts?\b[^.]*\b(?:is|are|becomes?) (?:an? )?(?:[\dX]+/[\dX]+ )?(?:artifact )?creatures?\b"),
        # other permanents entering as a copy (Essence of the Wild): the copy is chosen before the other replacement
        # effects on their entering (616.1c, 614.1d)
        (("614.1d", "616.1c"), "makes others enter as a copy",
         r"\b(?:creatures|permanents|artifacts|lands)\b[^.]*\benter(?: the battlefield)? as a copy\b"),
        # an attack restriction (Ensnaring Bridge, Pacifism): checked as attackers are declared (508.1c), so not on a
        # creature put onto the battlefield attacking (508.4c)
        (("508.1c",), "an attack restriction", r"\bcan't attack\b"),
        # a block restriction (Craven Giant, Goblin War Drums' "can't block alone"): checked as blockers are declared
        # (509.1b), before the requirements are obeyed as far as they may be (509.1c); not a cost to block (Archangel
        # of Tithes: 509.1d)
        (("509.1b",), "a block restriction", r"\bcan't block\b(?![^.]*\bunless\b[^.]*\bpays?\b)"),
        # a creature entering under another player's control instead (Gather Specimens): applied first among the
        # replacement effects on its entering (616.1b)
        (("616.1b",), "changes who controls an entering object",
         r"\benters? (?:the battlefield )?under your control instead\b|\bwould enter (?:the battlefield )?under an opponent's control\b"),
        # "if an effect would create one or more tokens" (Parallel Lives, Doubling Season): any effect, a replacement's
        # too (614.16)
        (("614.16",), "replaces an effect creating tokens or putting counters",
         r"\bif an effect would (?:create one or more tokens|put one or more counters)\b"),
        # a text-changing effect (Sleight of Mind, Artificial Evolution, Magical Hack): 612, a card's name unchanged
        (("612", "612.1", "612.2"), "text-changing effect", r"\bchange the text of\b"),
        # a replacement modifying how other permanents enter (Metallic Mimic's counter, Blind Obedience's tapped): it sees
        # each as it would exist on the battlefield, a copy as the copy it will be (614.12)
        (("614.12",), "modifies how other permanents enter",
         r"\b(?:each other|other)\b[^.]*\benters?(?: the battlefield)? with\b"
         r"|\b(?:creatures|permanents|lands|artifacts)\b[^,.]*\benter(?: the battlefield)? (?:tapped|with)\b"
         r"|\beach (?:[\w-]+ )*?(?:creature|permanent|land|artifact) (?:you control )?[^,.]*\benters?(?: the battlefield)? "
         r"with an additional\b"),
        # an attacking creature moved to another player or permanent (Portal Mage): not removed from combat, not
        # attacking a second time (508.7, 508.7a)
        (("508.7", "508.7a"), "reselects what a creature attacks", r"\breselect which (?:player|\w+)[^.]*\battacking\b"),
        # a flicker (Ephemerate, Restoration Angel, Flickerwisp): what returns is a new object
        (("400.7",), "exiles and returns a permanent",
         r"\bexile\b.*?\breturn (?:it|that card|them|those cards|the exiled cards?) to the battlefield\b"),
        # a creature that dies and comes back (Feign Death, Supernatural Stamina): what returns is a new object, not
        # monstrous, without its counters and Auras (400.7); a token that died does not come back (with a token named)
        (("400.7",), "dies and returns", r"\bdies, return (?:it|that card|that creature) to the battlefield\b"),
        # Archetype of Imagination, Eidolon of Countless Battles' kin: an object that "can't have" an ability loses it,
        # and no effect, however new, gives it back (113.11)
        (("113.11", "613.1f"), "an object that can't have an ability",
         r"\bcan't have(?: or gain)? (?!more\b|\w+ counters\b|counters\b)"),
        # Blood Tyrant, Elbrus's kin: a trigger on a player losing the game, or leaving it, for any reason but a draw
        # (603.9), looks back in time (603.10f)
        (("603.9", "603.10f"), "trigger on a player losing the game", r"^(?:when|whenever)\b[^,]*\bloses the game\b"),
        # Mimic Vat, Isochron Scepter's token kin: a token that would copy an instant or sorcery card is not created
        (("111.5",), "a token copy of a card",
         r"\btokens? that's a copy of (?:a|an|the|that|target|each) (?!creature\b|artifact\b|permanent\b|land\b)(?:\w+ )?card\b"),
        # Paradox Haze, Sphinx of the Second Sun: steps added after a step, the newest first (500.9)
        (("500.9",), "adds a step", r"\badditional (?:upkeep|draw|beginning|end|combat damage) step\b|\bstep after this step\b"),
        # Brimaz, King of Oreskos: a creature put onto the battlefield blocking one that may have left combat (509.4a)
        (("509.4", "509.4a"), "puts a creature onto the battlefield blocking",
         r"\bthat's blocking (?:that|target|an attacking) creature\b|\bonto the battlefield blocking\b"),
        # Thornscape Battlemage: abilities linked each to one of two kicker costs (702.33f, 702.33e)
        (("702.33f", "702.33e"), "abilities linked to one kicker cost", r"\bif it was kicked with its\b"),
        # Leyline of Sanctity, Shalai: hexproof on a player stops only opponents' spells and abilities (702.11c)
        (("702.11c",), "a player with hexproof", r"\byou have hexproof\b|\b(?:players?|you and \w+) (?:has|have) hexproof\b"),
        # Time Vault, Second Chance's kin: an action taken after skipping a turn is the next turn's first (614.10b)
        (("614.10", "614.10b"), "skips, then acts", r"\bskip\b[^.]*\.\s*if you do\b"),
        # Basking Rootwalla: a restriction on an ability's use stays with it, whoever controls it (602.5b); an
        # ability activated only as a sorcery follows a sorcery's timing without being one (602.5d)
        (("602.5b",), "a restriction on activating", r"\bactivate (?:this ability )?only once each turn\b"),
        (("602.5d",), "activated only as a sorcery", r"\bactivate only as a sorcery\b"),
        # Craterhoof Behemoth: an X of a resolving spell's or ability's effect is fixed as it resolves (611.2d)
        (("611.2d",), "an X fixed as it resolves",
         r"\buntil end of turn, where X is\b|\bwhere X is\b[^.]*\buntil end of turn\b"),
        # Cavern of Souls: mana whose spending is restricted (106.6); Nyxbloom Ancient, Mana Reflection: more mana
        # produced, the restrictions on all of it (106.6a)
        (("106.6",), "mana with a restriction", r"\bspend this mana only\b"),
        (("106.6a",), "increases the mana produced",
         r"\b(?:twice|three times) as much (?:of that |of the )?mana\b|\bproduces? (?:twice|three times) as much\b"),
        # Approach of the Second Sun: a card put Nth from the top of a library of fewer cards goes to its bottom (401.7)
        (("401.7",), "puts a card Nth from the top",
         r"\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\w+th) from the top\b"),
        # Beast Within: the player who creates a token owns it (111.2)
        (("111.2",), "another player creates a token",
         r"\b(?:its|their) controller creates?\b|\bthat player creates?\b|\beach (?:player|opponent) creates?\b"),
        # Torrential Gearhulk: an effect casting a card finds the spell it became (400.7h)
        (("400.7h",), "casts a card and follows the spell", r"\bcast\b[^.]*\bcard\b[^.]*\.\s*if (?:that spell|it) would\b"),
        # Goblin Guide: the defending player an attacking creature's ability means (508.5)
        (("508.5",), "refers to the defending player", r"\bdefending player\b"),
        # Double Major, Lithoform Engine: a copy of a permanent spell becomes a token as it resolves (707.10f, 111.13)
        (("707.10f", "111.13", "608.3f"), "copies a permanent spell",
         r"\bcop(?:y|ies) (?:target |that |a )?(?:creature|permanent|artifact|enchantment|planeswalker) spell\b"),
        # Reliquary Tower, Cursed Rack: a maximum hand size (402.2); two such effects apply in timestamp order (613.10)
        (("402.2",), "maximum hand size", r"\bmaximum hand size\b"),
        # Berserk: cast only before or after another point of combat, in the first combat of several (506.7d)
        (("506.7", "506.7d"), "cast only before or after a step of combat",
         r"\bcast this spell only (?:before|after) the (?:combat damage|end of combat|declare \w+) step\b"),
        # Curse of Opulence: a trigger on a player being attacked, only by creatures declared (508.3b)
        (("508.3b",), "trigger on a player being attacked", r"^(?:when|whenever)\b[^,]*\bis attacked\b"),
        # Oubliette: phased out until an event, not phasing in at the untap step (610.4, 610.4a)
        (("610.4", "610.4a"), "phases out until an event", r"\bphases? out until\b"),
        # Charming Prince: a modal triggered ability's mode is chosen as it is put on the stack (700.2b)
        (("700.2b",), "modal triggered ability",
         r"^(?:when|whenever|at)\b[^,]*, choose (?:one|two|one or more|one or both|any number|up to)\b"),
        # Black Market: the first or precombat main phase of the turn (505.1a, 505.1b)
        (("505.1a", "505.1b"), "names a main phase", r"\b(?:precombat|postcombat|first|second) main phase\b"),
        # Liliana, Death's Majesty: a permanent returned with a characteristic set enters with it (611.2e)
        (("611.2e",), "returns a permanent with a characteristic",
         r"\bto the battlefield\b[^.]*\.\s*(?:that creature|that permanent|it) (?:is|has)\b"),
        # Necrotic Ooze: abilities acquired from other objects, ability-adding (613.1f)
        (("613.1f",), "acquires other objects' activated abilities", r"\b(?:has|have|gains?) all activated abilities of\b"),
        # Assault Suit: a permanent that can't be sacrificed can't pay a cost of sacrificing it (614.17b)
        (("614.17", "614.17b"), "can't be sacrificed", r"\bcan't be sacrificed\b"),
    ))

# A predefined token created (a Clue, a Treasure): its rule of 111.10, read off the rules at build
# (:func:`token_rules`: "111.10f A Clue token is ...").
_CREATES_TOKEN = re.compile(r"\bcreates? (?:a|an|one|two|three|x|\w+) (?:tapped )?([A-Z][a-z]+(?: [A-Z][a-z]+)?) tokens?\b")
_TOKEN_RULE = re.compile(r"^An? ((?:[A-Z][a-z]+ )*?[A-Z][a-z]+) token is\b")

# a creature put onto the battlefield attacking was never declared an attacker (ninjutsu, Hero of Bladehold's tokens)
_PUT_ATTACKING = re.compile(r"\btapped and attacking\b|\bonto the battlefield\b[^.]*\battacking\b"
                            r"|\benters? (?:the battlefield )?attacking\b", re.IGNORECASE)
# an ability word before its ability (Landfall, Metalcraft, Threshold): no rules meaning (207.2c)
_ABILITY_WORD = re.compile(r"^[A-Z][a-z']+(?: [a-z']+){0,3} — ")
# an activated ability with the tap or untap symbol in its cost: a creature's is under summoning sickness (302.6)
_TAP_ABILITY = re.compile(r"^[^:\"“]*\{[TQ]\}[^:\"“]*:", re.MULTILINE)

# what a static effect changes, one pattern per layer: its types (4), its abilities (6), its power and toughness (7);
# one effect changing several applies in each of them (613.6: Humility, Opalescence, March of the Machines)
_LAYER_PARTS = tuple(re.compile(pattern, re.IGNORECASE) for pattern in (
    r"\bin addition to (?:its|their) other types\b|^(?:all |each |other |non-?[\w-]+ )*(?:lands?|permanents?|artifacts?|enchantments?)\b[^.:]*\b(?:is|are)(?: an?)? (?:[\d/]+ )?(?:artifact )?creatures?\b",
    r"\blose(?:s)? all abilities\b",
    r"\bbase power\b|\bpower and toughness (?:are |is )?each equal\b",
))

# a delayed triggered ability (as ABILITY_KINDS reads it), and an activated ability's line: its cost, then a colon
_DELAYED = next(pattern for _rules, reason, pattern in ABILITY_KINDS if reason == "delayed triggered ability")
# a search MTGJSON's keywords leave out, said by a spell or a nonland permanent (a fetch land's question is its
# activation): Demonic Tutor searches for a card, so it must find one (701.23d); Rampant Growth for a basic land
# card, which it may fail to find (701.23b)
_SEARCHES = tuple((rules, reason, re.compile(pattern, re.IGNORECASE)) for rules, reason, pattern in (
    (("701.23", "701.23a", "701.23d"), "searches for a number of cards",
     r"\bsearch(?:es)?\b[^.]*?\bfor (?:a|one|two|three|x|up to (?:one|two|three|x|\w+)|any number of) cards?\b"),
    (("701.23", "701.23a", "701.23b"), "searches for cards of a quality",
     r"\bsearch(?:es)?\b[^.]*?\bfor (?:a|an|one|two|three|x|up to \w+|any number of|all) "
     r"(?!cards?\b)[^.]*?\bcards?\b")))
_PREVENTS = next(pattern for _rules, reason, pattern in ABILITY_KINDS if reason == "prevention effect")
_ACTIVATED_LINE = re.compile(r"^[^\"“:.]{1,80}:")
# a resolving spell's effect on a set of creatures (Infest, Overrun): only those there as it resolves (611.2c)
_SPELL_ON_CREATURES = re.compile(
    r"^(?:(?:all|each|other|non-?\w+) (?:[\w-]+ )*?creatures?|creatures (?:you|your opponents|target player|that player)"
    r" controls?)\b[^.]*\bgets? [+-][\dX]+/[+-][\dX]+[^.]*\buntil end of turn\b", re.IGNORECASE)

# (cascade's reminder as printed before 2021: "until you exile a nonland card that costs less")
_MANA_VALUE = re.compile(r"\bmana value\b|\bconverted mana cost\b|\bnonland card that costs less\b", re.IGNORECASE)

# the mana symbols of a cost that the rules define apart: X (107.3), colorless, hybrid, Phyrexian, snow (107.4)
_MANA_SYMBOLS = tuple((re.compile(pattern), rules, reason) for pattern, rules, reason in (
    (r"\{X\}", ("107.3",), "X in its mana cost"),
    (r"\{C\}", ("107.4c",), "{C} in its mana cost"),
    (r"\{(?:[WUBRG2]/[WUBRG])\}", ("107.4e",), "hybrid mana in its mana cost"),
    (r"\{[WUBRGC/]+/P\}", ("107.4f",), "Phyrexian mana in its mana cost"),
    (r"\{S\}", ("107.4h",), "snow mana in its mana cost"),
))

# kinds of evidence that answer a question only beside a word it says: -1/-1 counters are removed in pairs with +1/+1
# counters (704.5q, 122.3), which a question about Carnifex Demon's counters alone does not name (the thirty-seventh
# cold trial's I07); a replacement of how other permanents enter answers the question of a copy entering (614.12:
# Metallic Mimic and a Clone), not every question naming it (Thalia, Heretic Cathar's creatures entering tapped)
NEEDS_SAID: dict[str, re.Pattern] = {"-1/-1 counters": re.compile(r"\+1\b"),
                                     "modifies how other permanents enter": re.compile(r"\bcop|\bclon", re.IGNORECASE)}


def evidence_said(evidence: list[list[str]], question: str) -> list[list[str]]:
    """``evidence`` without the kinds of :data:`NEEDS_SAID` whose word ``question`` does not say."""
    return [entry for entry in evidence if (said := NEEDS_SAID.get(entry[1])) is None or said.search(question)]


LEGENDARY_SPELL = ("205.4e",)  # a legendary instant or sorcery: cast only by one controlling a legendary creature or
# planeswalker
_PERMANENT_TYPES = frozenset({"artifact", "battle", "creature", "enchantment", "land", "planeswalker"})
PLANESWALKER = "306"  # the rule a planeswalker brings (its first below): a character, a loyalty cost read so

SUPERTYPES_AND_TYPES: dict[str, tuple[str, ...]] = {
    "legendary": ("704.5j", "205.4d"),
    "world": ("704.5k",),
    "planeswalker": (PLANESWALKER, "606", "120.3c"),  # damage dealt to it removes loyalty counters
    "aura": ("303.4", "704.5m", "608.3b"),
    "equipment": ("301.5", "704.5n"),
    "vehicle": ("301.7",),
    "saga": ("714",),
    "class": ("716",),  # its levels are no leveler's level up (716.4; the sixty-second cold trial's Druid Class)
    "battle": ("310",),
    "instant": ("304",),
    "sorcery": ("307",),
}

# the types of cards that are not cast, or not from a hand: their lack of a mana cost says nothing
_NO_COST_NEEDED = frozenset({"land", "plane", "phenomenon", "scheme", "vanguard", "conspiracy", "dungeon", "emblem",
                             "token", "card", "attraction", "contraption", "stickers", "hero"})

FACE_SEPARATOR = " // "  # between the faces' type lines of a multi-face card (kb.parsers.mtgjson)


def card_kind(name: str, type_line: str, text: str) -> tuple[tuple[str, ...], str] | None:
    """The rules of a multi-face card's kind, told from its faces' type lines and text (the store keeps
    no layout): a split card (every face an instant or sorcery) → 709, an Adventure → 715, a flip card
    → 710, any other card of two faces (transforming or modal) → 712."""
    faces = type_line.split(FACE_SEPARATOR) if type_line else []
    if len(faces) < 2:
        return None
    if any("adventure" in face.lower() for face in faces):
        return ("715",), "adventurer card"
    if all(re.search(r"\b(?:instant|sorcery)\b", face, re.IGNORECASE) for face in faces):
        return ("709",), "split card"
    first = name.split(FACE_SEPARATOR)[0]
    if first and re.search(rf"\bflip {re.escape(first)}\b", text or "", re.IGNORECASE):
        return ("710",), "flip card"
    return ("712",), "double-faced card"


def card_evidence(type_line: str, text: str, keywords: Iterable[str], mana_cost: str,
                  keyword_rules: dict[str, tuple[str, ...]], name: str = "",
                  token_rules: dict[str, str] | None = None) -> list[list[str]]:
    """``[[rule number, reason], ...]`` a card brings (see the module docstring), each rule once, the
    first reason kept. ``keyword_rules``: a keyword's lower-case English name → its rules;
    ``token_rules``: a predefined token's name → its rule (:func:`token_rules`)."""
    found: dict[str, str] = {}

    def add(rules: Iterable[str], reason: str) -> None:
        for rule in rules:
            # a "would ... instead" line of the card is a replacement of other events, whatever line came first
            if found.get(rule) == SELF_REPLACEMENT and reason == REPLACEMENT:
                found[rule] = reason
            found.setdefault(rule, reason)

    words = set(re.findall(r"[a-z]+", (type_line or "").lower()))
    if "legendary" in words and words & {"instant", "sorcery"} and not words & _PERMANENT_TYPES:
        add(LEGENDARY_SPELL, "legendary instant or sorcery")  # Jaya's Immolating Inferno: no legend rule, a casting one
        words.discard("legendary")
    for word, rules in SUPERTYPES_AND_TYPES.items():
        if word in words:
            add(rules, word)
    if kind := card_kind(name, type_line, text):
        add(*kind)
    for keyword in keywords:
        add(keyword_rules.get(keyword.lower(), ()), f"keyword {keyword}")
    for keyword, rules in _granted_keywords(text, keyword_rules):
        add(rules, f"grants {keyword}")
    for line in (text or "").splitlines():
        line = re.sub(r"\([^)]*\)", "", line).strip()  # reminder text says what the keyword's rule says
        line = _ABILITY_WORD.sub("", line)  # "Landfall — Whenever a land enters": a triggered ability
        for keyword, rules in _watched_actions(line, keyword_rules):
            add(rules, f"triggers on {keyword}")
        for rules, reason, pattern in ABILITY_KINDS + (() if "land" in words else _SEARCHES):
            if pattern.search(line):
                add(rules, reason)
        if _DELAYED.search(line):
            if _ACTIVATED_LINE.search(line):  # an activated ability's: its source is the ability's (603.7e)
                add(("603.7e",), "a delayed trigger an ability creates")
            elif words & {"instant", "sorcery"}:
                add(("603.7d",), "a delayed trigger a spell creates")
        if words & {"instant", "sorcery"} and _SPELL_ON_CREATURES.search(line):
            add(("611.2c",), "a spell's effect on a set of creatures")
        if words & {"instant", "sorcery"} and _PREVENTS.search(line):  # Fog: cast any time, lasts till used or over
            add(("615.3",), "a spell's prevention effect")
        if sum(1 for part in _LAYER_PARTS if part.search(line)) >= 2:
            add(("613.6",), "one effect in several layers")
        for token in _CREATES_TOKEN.findall(line):
            if rule := (token_rules or {}).get(token.lower()):
                add((rule,), f"creates a {token} token")
    if _MANA_VALUE.search(text or ""):  # reminder text too: cascade's "lesser mana value"
        add(("202.3",), "reads a mana value")
    if _PUT_ATTACKING.search(text or ""):  # reminder text too: ninjutsu's "tapped and attacking"
        add(("508.4",), "put onto the battlefield attacking")
    self_named = _self_named(name, text or "")
    if _sacrifices_itself_as_cost(self_named):
        add(("602.2", "601.2h"), "sacrifices itself as a cost")
    if "creature" in words and _TAP_ABILITY.search(re.sub(r"\([^)]*\)", "", text or "")):
        add(("302.6",), "a creature's ability with the tap symbol")
    if not mana_cost and name and not words & _NO_COST_NEEDED:  # Ancestral Vision: an unpayable cost (118.6)
        add(("118.6", "202.1b", "202.3a"), "no mana cost")
    ability_costs = " ".join(_ACTIVATED_COST.findall(re.sub(r"\([^)]*\)", "", text or "")))
    for pattern, rules, reason in _MANA_SYMBOLS:
        if pattern.search(mana_cost or ""):
            add(rules, reason)
        elif pattern.search(ability_costs):  # Icehide Troll's {S}{S}, Spellskite's {U/P}, Ballista Squad's {X}
            add(rules, reason.replace("its mana cost", "an ability's cost"))
    for rules, reason in _zone_abilities(self_named):
        add(rules, reason)
    return [[rule, reason] for rule, reason in found.items()]


_ACTIVATED_COST = re.compile(r"^([^:\"“]*\{[^:\"“]*):", re.MULTILINE)  # an activated ability's cost, with a symbol

SELF = "~"  # the card naming itself in its text (:func:`_self_named`), as the patterns below write it

# abilities that work outside the battlefield, told by the card naming itself (113.6): one moving the card out of the
# zone it is in (Reassembling Skeleton, Bloodghast, Simian Spirit Guide: 113.6m), a trigger on the card in a hidden
# zone (Narcomoeba, Krosan Tusker's cycling trigger: 113.6k, and 702.29c), one that names the zone it works in
# (Ichorid, Bridge from Below: 113.6b), one that works wherever the card is not on the battlefield (Grist, the Hunger
# Tide: 113.6c), one that lets the card be cast from another zone (113.6f)
_ZONE_ABILITIES = tuple((rules, reason, re.compile(pattern, re.IGNORECASE | re.MULTILINE)) for rules, reason, pattern in (
    (("113.6m",), "moves itself out of a zone",
     r"\b(?:return|put) ~ from (?:your|a|its owner's) (?:graveyard|hand|library)\b"
     r"|^[^:\"“\n]*\bexile ~ from your (?:graveyard|hand)\b[^:\"“\n]*:"),
    (("113.6k",), "triggers outside the battlefield",
     r"^when(?:ever)? (?:you cycle|you discard) ~"
     r"|^when(?:ever)? ~ is put into (?:a|your) graveyard from (?:your library|your hand|anywhere)\b"),
    # Krosan Tusker: its trigger on being cycled is its own ability, from the discard (702.29c), not the cycling's
    (("702.29c",), "triggers when cycled", r"^when(?:ever)? you cycle ~"),
    (("113.6b",), "works in the zone it names", r"\b(?:if|while|as long as|only if) ~ is in your (?:graveyard|hand|library)\b"),
    (("113.6c",), "works off the battlefield", r"~ (?:isn't|is not) on the battlefield\b"),
    (("113.6f",), "cast from another zone", r"\b(?:cast|play) ~ from (?:your|a) (?:graveyard|library|exile)\b"),
    # Darksteel Colossus, Nexus of Fate: its owner looks at it as it would move to a public zone, its own
    # replacement applied from a hidden zone too (400.6)
    (("400.6", "614.1a"), "replaces its own move to a graveyard",
     r"\bif ~ would be put into (?:a|your|its owner's) graveyard from anywhere\b"),
    # Ashiok, Nightmare Weaver, Parallel Thoughts: the second ability refers only to cards its first exiled
    (("607", "607.1", "607.2a", "406.6"), "linked exile abilities", r"\bexiled with ~|\bthe exiled cards?\b"),
))
# an activated ability with sacrificing the card itself in its cost (*Sacrifice Sakura-Tribe Elder:*, *Sacrifice this
# creature:*), on one line (a trigger's "sacrifice Hell's Thunder" is none, though a later line has a colon)
_SACRIFICES_ITSELF = re.compile(r"^[^:\"“\n]*\bsacrifice (?:~|this \w+)(?!\w)[^:\"“\n]*:", re.IGNORECASE | re.MULTILINE)


def _self_named(name: str, text: str) -> str:
    """``text`` with reminder text left out and the card's names of its faces written :data:`SELF` ("" when the card
    has no name)."""
    faces = sorted((face for face in name.split(FACE_SEPARATOR) if face), key=len, reverse=True)
    if not faces:
        return ""
    plain = re.sub(r"\([^)]*\)", "", text)
    for face in faces:
        plain = plain.replace(face, SELF)
    return plain


def _zone_abilities(plain: str) -> list[tuple[tuple[str, ...], str]]:
    """The kinds of :data:`_ZONE_ABILITIES` a card's text (:func:`_self_named`) holds about the card itself."""
    if SELF not in plain:
        return []
    return [(rules, reason) for rules, reason, pattern in _ZONE_ABILITIES if pattern.search(plain)]


def _sacrifices_itself_as_cost(plain: str) -> bool:
    """Whether an activated ability of the card (its text: :func:`_self_named`) has sacrificing the card itself in its
    cost (*Sacrifice Sakura-Tribe Elder:*): paid as the ability is activated, before anyone may respond (602.2,
    601.2h)."""
    return _SACRIFICES_ITSELF.search(plain) is not None


# a keyword ability the card's text gives (Sword of Fire and Ice's protection, an Equipment's flying; MTGJSON lists
# only the card's own keywords): after "has", "have", "gain(s)", or the "with" of a token it creates ("a 1/1 token
# with flying"); not the "with" that picks a creature out ("target creature with flying": Bow of Nylea) nor a "has"
# it checks ("if the creature you control has trample": Ram Through)
_GRANTS = re.compile(r"(?:\b(?:has|have|gains?)\b|\btokens?\b[^.;]*?\bwith\b)(?P<rest>[^.;]*)", re.IGNORECASE)
_CHECKED = re.compile(r"\bif\b[^.;,:]*$", re.IGNORECASE)  # a condition the clause is in, before its "has"


def _granted_keywords(text: str, keyword_rules: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """The keyword abilities (their rules under 702) the card's text gives a creature or a player (*equipped
    creature has protection from red*, *creatures you control gain flying*), reminder text aside."""
    plain = re.sub(r"\([^)]*\)", "", text or "")
    given = " ".join(match.group("rest").lower() for match in _GRANTS.finditer(plain)
                     if not _CHECKED.search(plain, 0, match.start()))
    if not given:
        return []
    words = set(_WORD.findall(given))  # only a keyword all of whose words are there is looked for: a build reads
    # every card of the archive (23,711: 7.5 s -> 2.8 s)
    return [(keyword, rules) for keyword, rules in keyword_rules.items()
            if rules and rules[0].startswith("702.") and words.issuperset(_WORD.findall(keyword))
            and _whole_words(keyword).search(given)]


_WORD = re.compile(r"[a-z0-9]+")

# The everyday keyword actions (those of 701.2 to 701.26 but fight, goad, investigate, mill, scry and surveil): a
# trigger on one says nothing its rule would answer (the twenty-second session: bringing them lowered the
# development sets).
_EVERYDAY_ACTIONS = frozenset("""activate attach behold cast counter create destroy discard double triple exchange exile
    play regenerate reveal sacrifice search shuffle tap untap""".split())
_TRIGGER_CONDITION = re.compile(r"^(?:when|whenever)\b([^,]*)", re.IGNORECASE)


def _watched_actions(line: str, keyword_rules: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """The rarer keyword actions (701) a trigger of ``line`` watches for, with their rules (*whenever a creature
    you control explores*: Wildgrowth Walker; *whenever you scry*, *proliferate*, *connive*): what makes the trigger
    go off is what the action's rule says (an explore done by a creature that has left the battlefield). Each word of
    the trigger's condition is looked up by the verbs it may be a form of, not each keyword tried on the line."""
    condition = _TRIGGER_CONDITION.match(line)
    if condition is None:
        return []
    verbs = {verb for word in _WORD.findall(condition.group(1).lower()) for verb in _verbs_of(word)}
    found = [(verb, rules) for verb in verbs if verb not in _EVERYDAY_ACTIONS
             and (rules := keyword_rules.get(verb, ())) and rules[0].startswith("701.")]
    return sorted(found, key=lambda pair: list(keyword_rules).index(pair[0])) if len(found) > 1 else found


def _verbs_of(word: str) -> set[str]:
    """The verbs a card's trigger may write as ``word`` (explores, scries, proliferated: explore, scry, proliferate)."""
    verbs = {word}
    if word.endswith(("s", "d")):
        verbs.add(word[:-1])
    if word.endswith(("es", "ed")):
        verbs.add(word[:-2])
    if word.endswith(("ies", "ied")):
        verbs.add(word[:-3] + "y")
    return verbs


@functools.lru_cache(maxsize=None)
def _whole_words(phrase: str) -> re.Pattern:
    return re.compile(rf"\b{re.escape(phrase)}\b")


def token_rules(rules: Iterable[tuple[str, str]]) -> dict[str, str]:
    """A predefined token's lower-case name → its rule, from ``rules`` ``(number, text)`` under 111.10
    (``111.10f``, "A Clue token is a colorless Clue artifact token ..."): carried by the rules' text."""
    found: dict[str, str] = {}
    for number, text in rules:
        if number.startswith("111.10") and (match := _TOKEN_RULE.match(text.strip())):
            found.setdefault(match.group(1).lower(), number)
    return found


# rules that two cards named together bring, when one brings the first rule needed and another the second:
# two replacement effects that would apply to one event are ordered by 616 (Rest in Peace and Progenitus;
# two Parallel Lives: a card the question names twice over counts twice, FoundCard.copies); two layered
# effects may depend on each other (613.7); a spell that can't be countered and a counterspell meet at
# 101.2 (the "can't" wins) and 113.6g; a cost change applies to an alternative cost (Thalia and Force of
# Will: 118.9d); a card reading a mana value meets a split card's halves (709.4b) or a double-faced card's front
# face (712.8a); two control-changing effects apply in timestamp order (613.7); a characteristic-defining ability
# and an instant or sorcery: the spell is in the graveyard before state-based actions (608.2n, 704.3: Tarmogoyf
# and Lightning Bolt); a replacement effect and a dying or leaving trigger: the replaced event never happens
# (614.6: Rest in Peace and Kitchen Finks's persist); a flicker and persist or undying: the returned creature is
# a new object, without its counters (122.2, 400.7: Ephemerate and Kitchen Finks); deathtouch and trample: one
# damage is lethal damage to assign before trampling over (702.2c, 702.19b: Basilisk Collar on a trampler); a
# self-replacement effect and another replacement effect: the self-replacement applies first (616.1a: Galvanic
# Blast's metalcraft and Furnace of Rath); a replacement effect and a prevention effect: the affected player or
# controller orders them (616.1: Torbran's extra damage and Healing Salve); a control change and a dying trigger: the
# trigger is controlled by who controlled its source (603.3a: Act of Treason and Solemn Simulacrum); a spell cast
# without paying its mana cost, or for an alternative cost, and X in its cost: X is 0 (107.3b: Torrential Gearhulk and
# Syncopate); a prevention
# effect and damage that can't be prevented (615.12: Fog and Questing Beast); a flicker and an effect of the layers:
# the returned object has a new timestamp (613.7d: Ephemerate and Dryad of the Ilysian Grove under Magus of the Moon);
# a cost to attack and a mana ability: the attackers are tapped before the costs are paid (508.1f, 508.1i: Ghostly
# Prison and Llanowar Elves); a trigger on attacking and a creature put onto the battlefield attacking: it was never
# declared an attacker (508.4, 508.3a: Hellrider and a ninja); an extra turn and a skipped turn: the skip replaces the
# next turn, the extra one (614.10, 500.7: Time Warp and Meditate); split second and an activated ability: it can't
# be activated while the spell is on the stack (702.61a, 702.61b: Krosan Grip and Umezawa's Jitte); a flicker and
# an Aura: the returned creature is a new object, the Aura is put into the graveyard (704.5m, 400.7: Cloudshift and
# Rancor); a copy effect and a choice made as a permanent enters: the choice is not copied, it is made again (707.6:
# Clone and Metallic Mimic); a land type change and a land modifying how it enters: the replacement is checked on the
# land as it would be on the battlefield (614.12: Blood Moon and Sacred Foundry); an alternative cost and a mana value
# read: the mana cost is unchanged (118.9c: Force of Will and Counterbalance); counters read as put and a permanent
# entering with counters: those it enters with are put on it (122.6: Hardened Scales and Walking Ballista); protection
# and damage that can't be prevented: protection's prevention does not apply (615.12: Gods Willing and Skullcrack); a
# flicker and a planeswalker: a new object, whose loyalty abilities may be activated again (400.7, 606.3: Felidar Guardian);
# split second and morph or disguise: turning a creature face up is a special action, taken while split second is on the
# stack (702.61b, 116.2b: Sudden Shock and Exalted Angel); indestructible and a toughness lowered: toughness 0 is no
# destruction (704.5f: Darksteel Myr and Grasp of Darkness); phasing and an Aura or Equipment: it phases out with the
# permanent it is attached to (702.26g: Teferi's Protection and Pacifism); kicker or another additional cost and a
# mana value read: the mana cost is unchanged (118.8d: Burst Lightning kicked and Chalice of the Void); an artifact made
# a creature and an Equipment: it becomes unattached (704.5p, 301.5c: Ensoul Artifact on Bonesplitter); a prevention
# of the next time a source deals damage and double strike: one instance prevented (615.8: Circle of Protection: Red);
# a creature put onto the battlefield attacking and an attack restriction: it was never declared, the restriction does
# not apply (508.4c: Kaalia of the Vast and Ensnaring Bridge); a permanent entering as a copy and a replacement modifying
# how other permanents enter: the replacement sees the copy as it would be on the battlefield (614.12: Glasspool Mimic
# and Metallic Mimic); a trigger on becoming unattached and phasing: phasing neither attaches nor unattaches (702.26j:
# Grafted Exoskeleton and Teferi's Protection); two maximum hand sizes: effects on players, in timestamp order (613.10:
# Reliquary Tower and Cursed Rack); life that can't be gained and a replacement of gaining it: only a self-replacement
# replaces what can't happen (614.17c: Erebos and Tainted Remedy); "for as long as" and phasing: the duration may end
# while the permanent is phased out (702.26f: Sower of Temptation and Teferi's Protection); a restricted activated
# ability acquired: the restriction is the acquired ability's only (602.5c: Necrotic Ooze and Wall of Roots)
Needs = tuple[str, str]
TOGETHER: tuple[tuple[Needs, tuple[str, ...]], ...] = (
    (("614", "614"), ("616", "616.1", "616.1f", "614.5")),
    (("613", "613"), ("613.7", "613.8")),
    (("113.6g", "701.6"), ("101.2", "113.6g")),
    (("118.9", "601.2f"), ("118.9d",)),
    (("202.3", "709"), ("709.4b", "202.3d")),
    (("202.3", "712"), ("712.8a",)),
    (("400.7", "702.79"), ("122.2", "400.7")),
    (("400.7", "702.93"), ("122.2", "400.7")),
    (("613.1b", "613.1b"), ("613.7",)),
    (("604.3", "304"), ("608.2n", "704.3")),
    (("604.3", "307"), ("608.2n", "704.3")),
    (("614", "603.6"), ("614.6",)),
    (("614", "702.79"), ("614.6",)),
    (("614", "702.93"), ("614.6",)),
    (("702.2", "702.19"), ("702.2c", "702.19b")),
    (("614.15", "614"), ("616.1a",)),
    (("614", "615"), ("616", "616.1")),
    (("400.7", "122"), ("122.2",)),
    (("707", "712"), ("707.8",)),
    (("613.1b", "603.10a"), ("603.3a",)),
    (("118.9", "107.3"), ("107.3b",)),
    (("615", "615.12"), ("615.12",)),
    (("400.7", "613"), ("613.7d",)),
    (("508.1h", "605"), ("508.1f", "508.1i")),
    (("508.3a", "508.4"), ("508.4", "508.3a")),
    (("500.7", "614.10"), ("614.10", "500.7")),
    (("702.61", "602"), ("702.61a", "702.61b")),
    (("400.7", "303.4"), ("704.5m", "400.7")),
    (("707", "614.1c"), ("707.6",)),
    (("305.7", "614.1c"), ("614.12",)),
    (("118.9", "202.3"), ("118.9c",)),
    (("122.6", "122.6a"), ("122.6",)),
    (("702.16", "615.12"), ("615.12",)),
    (("400.7", "306"), ("400.7", "606.3")),
    (("702.61", "702.37"), ("702.61b", "116.2b")),
    (("702.61", "702.168"), ("702.61b", "116.2b")),
    (("702.12", "704.5f"), ("704.5f",)),
    (("702.26", "303.4"), ("702.26g",)),
    (("702.26", "301.5"), ("702.26g",)),
    (("603.10c", "702.26"), ("702.26j",)),
    (("402.2", "402.2"), ("613.10",)),
    (("119.7", "614"), ("614.17c",)),
    (("611.2b", "702.26"), ("702.26f",)),
    (("602.5b", "613.1f"), ("602.5c",)),
    (("702.33", "202.3"), ("118.8d",)),
    (("118.8", "202.3"), ("118.8d",)),
    (("301.5", "613.1d"), ("704.5p", "301.5c")),
    (("615.8", "702.4"), ("615.8",)),
    (("508.4", "508.1c"), ("508.4c",)),
    (("707.5", "614.12"), ("614.12",)),
)


# rules a card and a game term the question names bring together, when the card brings the first rule and the
# term (or a rule above the term's) is the second: a flicker and counters named (*segnalini*, *marqueurs*): the
# returned creature is a new object, without its counters (122.2: Restoration Angel on a creature with counters);
# a flicker and a token named: an exiled token ceases to exist and never returns (111.7, 111.8, 704.5d: Flickerwisp);
# a planeswalker and attacking named: each attacker's player or planeswalker is chosen as it is declared (508.1b);
# mutate and a commander named: a merged permanent with the commander in it is the commander (903.3c); a leveler card
# and a level named: its level symbols (711.2), not a Class's levels (716).
# Only these: a game term named meets many cards (layers named beside Humility are no two effects of the layers)
WITH_NAMED: tuple[tuple[Needs, tuple[str, ...]], ...] = (
    (("400.7", "122"), ("122.2",)),
    (("400.7", "111"), ("111.7", "111.8", "704.5d")),
    (("306", "508"), ("508.1b",)),
    (("702.140", "903"), ("903.3c",)),
    # a trigger on becoming unattached and phasing named (Grafted Exoskeleton's permanent phased out): 702.26j
    (("603.10c", "702.26"), ("702.26j",)),
    # a life total that can't change (Platinum Emperion) in Two-Headed Giant: the whole team's, no life paid either
    (("119.8", "810"), ("810.9h",)),
    (("119.7", "810"), ("810.9g",)),
    # a leveler card and a level named (the glossary's Level is a Class's, 716): its level symbols (711.2)
    (("711", "716"), ("711.2", "711.2a", "711.2b")),
)


def with_named(card_rules: tuple[frozenset[str], ...], named: frozenset[str],
               pairs: tuple[tuple[Needs, tuple[str, ...]], ...] = WITH_NAMED) -> tuple[frozenset[str], ...]:
    """What a card and the game terms a question names bring together (``pairs``: :data:`WITH_NAMED`, or those
    carried to the release built), each pair met once: ``card_rules`` per card, ``named`` the terms' rules with
    the rules above them."""
    return tuple(frozenset(added) for (card, term), added in pairs
                 if term in named and any(card in rules for rules in card_rules))


# rules a card the question names twice over points to once more: two of one legendary permanent are
# what the legend rule is about (a second Thalia), where one is only legendary
OF_SEVERAL: frozenset[str] = frozenset({"704.5j"})


# The characteristic-changing effect of a card whose every effect of the layers only raises or lowers power and
# toughness (an anthem, a lord: Glorious Anthem, Elvish Archdruid, Morophon) gives the same result in any order with
# another's: it meets no pair of TOGETHER (two effects of the layers: timestamps and dependency, 613.7 and 613.8).
# One that also grants an ability (Loxodon Warhammer's trample) does not: another effect may take abilities away.
CHARACTERISTICS = "characteristic-changing effect"
ORDER_FREE = frozenset({"power and toughness modified", "lowers toughness"})
GRANTS = "grants "  # the reasons of an ability granted (grants flying)
# the effects of the layers whose order matters (setting, switching, defining, copying, control, types)
ORDER_BOUND = frozenset({"power and toughness set", "power and toughness switched", "characteristic-defining ability",
                         "one effect in several layers", "copy effect", "enters as a copy", "control-changing effect",
                         "makes an artifact a creature", "land type change", "reads an object's information"})


def rules_for_pairs(evidence: Iterable[tuple[str, str]]) -> frozenset[str]:
    """The rules a card's ``evidence`` (rule, reason) brings as :func:`together` pairs cards: all of them, but
    the characteristic-changing rules of a card whose effects of the layers only modify power and toughness, and
    the replacement rules (614, 614.1) of a card whose every "instead" replaces part of its own effect (614.15:
    Fiery Impulse's spell mastery meets no other card's event, so it and an entering trigger are no 614.6)."""
    reasons = {reason for _rule, reason in evidence}
    order_free = (CHARACTERISTICS in reasons and reasons & ORDER_FREE and not reasons & ORDER_BOUND
                  and not any(reason.startswith(GRANTS) for reason in reasons))
    return frozenset(rule for rule, reason in evidence if not (order_free and reason == CHARACTERISTICS)
                     and not (reason == SELF_REPLACEMENT and rule != "614.15"))


def together(card_rules: tuple[frozenset[str], ...], copies: tuple[int, ...] = (),
             pairs: tuple[tuple[Needs, tuple[str, ...]], ...] = TOGETHER,
             several: frozenset[str] = OF_SEVERAL,
             paired: tuple[frozenset[str], ...] | None = None) -> tuple[frozenset[str], ...]:
    """``card_rules`` (per card named, the rules it brings) with what cards bring together (``pairs``:
    :data:`TOGETHER`, or those carried to the release built, :func:`carried_together`); ``copies``: per card,
    how many of it the question names (two Parallel Lives are two replacement effects); ``paired``: per card,
    the rules that meet the pairs (:func:`rules_for_pairs`; ``card_rules`` when None). What cards bring
    together, and a card named twice over its rules of ``several`` (:data:`OF_SEVERAL`), are added once more
    as entries of their own (the card reranker counts them once more)."""
    counts = copies or (1,) * len(card_rules)
    paired = card_rules if paired is None else paired
    again: list[frozenset[str]] = []
    for needs, added in pairs:
        if _met_by_two(needs, paired, counts):
            meeting = [bool(rules & set(needs)) for rules in paired]
            card_rules = tuple(rules | frozenset(added) if meets else rules for rules, meets in zip(card_rules, meeting))
            paired = tuple(rules | frozenset(added) if meets else rules for rules, meets in zip(paired, meeting))
            again.append(frozenset(added))  # the cards together point to them once more than each alone
    again += [rules & several for rules, count in zip(card_rules, counts) if count >= 2 and rules & several]
    return card_rules + tuple(again)


def _met_by_two(needs: Needs, card_rules: tuple[frozenset[str], ...], counts: tuple[int, ...]) -> bool:
    """Whether one card named brings the first rule of ``needs`` and another (or a second copy of it) the second."""
    first, second = needs
    return any(first in rules and second in other and (at != other_at or count >= 2)
               for at, (rules, count) in enumerate(zip(card_rules, counts))
               for other_at, other in enumerate(card_rules))


def carried_together(carried: dict[str, str | None] | None
                     ) -> tuple[tuple[tuple[Needs, tuple[str, ...]], ...], frozenset[str]]:
    """:data:`TOGETHER` and :data:`OF_SEVERAL` with each rule number carried to the release built
    (``carried``: :func:`indexer.build.evidence_in_release`; None: as they are), those in no rule of it left
    out: in 2018-07-13, 613.7 is dependency and 613.8 an effect overriding another."""
    if carried is None:
        return TOGETHER, OF_SEVERAL
    return carried_pairs(TOGETHER, carried), frozenset(carried_rules(OF_SEVERAL, carried))


def carried_rules(rules: Iterable[str], carried: dict[str, str | None] | None) -> tuple[str, ...]:
    """``rules`` (:data:`OF_SEVERAL`, :data:`DEPENDENCY`) each carried to the release built (:func:`carried_together`;
    None: as they are), those in no rule of it left out."""
    if carried is None:
        return tuple(rules)
    return tuple(found for found in (carried.get(rule) for rule in rules) if found)


def carried_pairs(pairs: tuple[tuple[Needs, tuple[str, ...]], ...], carried: dict[str, str | None] | None
                  ) -> tuple[tuple[Needs, tuple[str, ...]], ...]:
    """``pairs`` (:data:`TOGETHER`, :data:`WITH_NAMED`) with each rule number carried to the release built
    (:func:`carried_together`), a pair whose needs or whose every rule brought are in no rule of it left out."""
    if carried is None:
        return pairs
    found = (((carried[first], carried[second]), tuple(r for r in (carried.get(a) for a in added) if r))
             for (first, second), added in pairs if carried.get(first) and carried.get(second))
    return tuple((needs, added) for needs, added in found if added)


def keyword_rules(concepts: Iterable) -> dict[str, tuple[str, ...]]:
    """A keyword's lower-case English name → its rules, from the vocabulary's keyword abilities and actions;
    each of two keywords one rule names together (*Daybound and Nightbound*: MTGJSON lists *Daybound* and
    *Nightbound*); its obsolete English names too (MTGJSON's cards of 2022 say *Totem armor*, the rules Umbra Armor)."""
    found: dict[str, tuple[str, ...]] = {}
    for concept in concepts:
        if concept.kind in ("keyword-ability", "keyword-action") and concept.en and concept.rules:
            found.setdefault(concept.en.lower(), tuple(concept.rules))
            if concept.kind == "keyword-ability" and " and " in concept.en:
                for each in concept.en.lower().split(" and "):
                    found.setdefault(each.strip(), tuple(concept.rules))
    for concept in concepts:
        if concept.kind in ("keyword-ability", "keyword-action") and concept.rules:
            for name in concept.names:
                if name.lang == "en" and name.form == "obsolete":
                    found.setdefault(name.text.lower(), tuple(concept.rules))
    return found


# a chapter of the additional rules (703 to 799) a keyword's rule cites: "see rule 729, Merging with Permanents"
_CHAPTER_CITED = re.compile(r"\brules? (7(?:0[3-9]|[1-9]\d))\b(?![.\d])")
# a rule that cites a chapter to tell it apart: 702.87c's Class levels "are not the same as level up abilities"
_TOLD_APART = re.compile(r"\bnot the same as\b", re.IGNORECASE)


def with_cited_chapters(keywords: dict[str, tuple[str, ...]], rules: Iterable[tuple[str, str]]
                        ) -> dict[str, tuple[str, ...]]:
    """``keywords`` (:func:`keyword_rules`) with, after each keyword's rules, the chapters of the additional
    rules that its rules and their subrules cite (``rules``: number and text of the release): mutate's 702.140
    cites 729 (Merging with Permanents), morph's 702.37 cites 707 and 708 (face-down), daybound's 702.145
    730 (day and night): where a card's keyword is explained beyond its own rule. A rule citing a chapter to tell
    it apart (level up's 702.87c: Class levels are not the same, 716) brings nothing."""
    cited: dict[str, list[str]] = {}
    for number, text in rules:
        if (head := re.match(r"^(70[12]\.\d+)(?![\d])", number or "")) and not _TOLD_APART.search(text or ""):
            cited.setdefault(head.group(1), []).extend(_CHAPTER_CITED.findall(text or ""))
    return {name: numbers + tuple(dict.fromkeys(chapter for number in numbers for chapter in cited.get(number, ())
                                                 if chapter not in numbers))
            for name, numbers in keywords.items()}


# A card the rules name by its own name: 707.14 is Magar of the Magic Strings' rule, 608.2k's example is Ensoul Artifact
# on Wall of Tears. A rule naming more cards than NAMING_LIST lists them (206.3a, the cards of ante); a card the rules
# name more often than NAMED_OFTEN is an everyday example (Clone, Lightning Bolt) or a word (Island, Exile).
NAMED_BY_A_RULE = "named by the rule"
NAMED_BY_AN_EXAMPLE = "named by the rule's example"
NAMING_LIST = 4
NAMED_OFTEN = 3
_NAME_WORD = re.compile(r"[A-Za-z0-9][\w'\-]*")
_LONGEST_NAME = 8  # words


def rules_naming(names: Iterable[str], texts: Iterable[tuple[str, str, bool]], rule_words: frozenset[str] = frozenset()
                 ) -> dict[str, list[list[str]]]:
    """Each of the cards' English ``names`` (a face's too) that the English ``texts`` write, case and all (``(rule
    number, text, whether it is the rule's example)``) → its evidence, ``[rule, reason]``
    (:data:`NAMED_BY_A_RULE`, :data:`NAMED_BY_AN_EXAMPLE`): not in a rule naming more than :data:`NAMING_LIST`
    cards, nor a name the rules write more than :data:`NAMED_OFTEN` times, nor a one-word name the ``rule_words``
    hold (*Fight*, *Exile* begin sentences)."""
    wanted = {name for name in names if name and not (" " not in name and name.lower() in rule_words)}
    named: dict[str, dict[str, bool]] = {}  # name -> rule -> named by its text (not only its example)
    by_rule: dict[str, set[str]] = {}
    for number, name, example in _name_slices(tuple(texts)):
        name = name[:-2] if name.endswith("'s") and name not in wanted else name  # Ensoul Artifact's
        if name in wanted:
            rules = named.setdefault(name, {})
            rules[number] = rules.get(number, False) or not example
            by_rule.setdefault(number, set()).add(name)
    return {name: [[number, NAMED_BY_A_RULE if own else NAMED_BY_AN_EXAMPLE] for number, own in rules.items()
                   if len(by_rule[number]) <= NAMING_LIST]
            for name, rules in named.items() if len(rules) <= NAMED_OFTEN}



@functools.lru_cache(maxsize=4)
def _name_slices(texts: tuple[tuple[str, str, bool], ...]) -> tuple[tuple[str, str, bool], ...]:
    """Every slice of the English ``texts`` (``(rule number, text, whether it is the rule's example)``) a card's name may
    be, ``(rule number, slice, example)``: from a capitalised word, :data:`_LONGEST_NAME` words at most; made once per
    release a process builds (a translator's import, and the tests, rebuild with the same rules)."""
    slices: list[tuple[str, str, bool]] = []
    for number, text, example in texts:
        text = text.replace("’", "'")
        words = list(_NAME_WORD.finditer(text))
        for first, word in enumerate(words):
            if word.group()[0].isupper():
                slices += ((number, text[word.start():last.end()], example) for last in words[first:first + _LONGEST_NAME])
    return tuple(slices)


_RUN_JOINERS = frozenset({"of", "the", "to", "and", "from", "in", "a", "on", "with", "de", "du", "des"})


@functools.lru_cache(maxsize=4)
def capitalised_runs(texts: tuple[tuple[str, str, bool], ...]) -> tuple[tuple[str, str, str], ...]:
    """The runs of two or more capitalised words the English ``texts`` write (``(rule number, text, whether it is the
    rule's example)``), small words and commas maybe between (*Magar of the Magic Strings*, *Obeka, Splitter of
    Seconds*): ``(rule, run, reason)`` (:data:`NAMED_BY_A_RULE`, :data:`NAMED_BY_AN_EXAMPLE`), where a name the
    question types that no card held bears (a card newer than the card data, named by a newer release) is found; made
    once per release a process builds."""
    runs: list[tuple[str, str, str]] = []
    for number, text, example in texts:
        text = text.replace("’", "'")
        words = list(_NAME_WORD.finditer(text))
        at = 0
        while at < len(words):
            if not words[at].group()[0].isupper():
                at += 1
                continue
            last, end = at, at + 1
            while end < len(words):
                between = text[words[end - 1].end():words[end].start()]
                if between not in (" ", ", "):
                    break
                if words[end].group()[0].isupper():
                    last = end
                elif words[end].group() not in _RUN_JOINERS:
                    break
                end += 1
            if last > at:
                runs.append((number, text[words[at].start():words[last].end()],
                             NAMED_BY_AN_EXAMPLE if example else NAMED_BY_A_RULE))
            at = last + 1
    return tuple(runs)


def ruling_links(rulings: Iterable[tuple[str, str, str]], links: Iterable[tuple[str, str, str]]
                 ) -> dict[str, dict[str, list[str]]]:
    """Card → ruling digest → the rules that ruling is linked to: ``rulings`` ``(doc id#seq, card,
    digest)``, ``links`` ``(doc id, seq, rule number)`` (the alignment's ruling-rule pairs)."""
    by_place = {place: (card, digest) for place, card, digest in rulings}
    found: dict[str, dict[str, list[str]]] = {}
    for doc, seq, number in links:
        held = by_place.get(f"{doc}#{seq}")
        if held is None:
            continue
        rules = found.setdefault(held[0], {}).setdefault(held[1], [])
        if number not in rules:
            rules.append(number)
    return found


# Dependency between two effects of layer 4 (613.1d, 613.8a): a line of text setting or adding types to a
# class of objects ("All permanents are artifacts in addition to their other types", "Nonbasic lands are
# Mountains", "Each noncreature artifact is an artifact creature"), read as what it applies to and what it makes them
DEPENDENCY: tuple[str, ...] = ("613.8a", "613.8b")
_TYPE_CHANGE = re.compile(
    r"^(?P<subject>(?:all|each|other|nonbasic|non-?\w+|enchanted|target|lands?|creatures?|permanents?|artifacts?"
    r"|enchantments?)\b[^.:\"“]*?) (?:are|is|becomes?) (?P<result>[^.]*)", re.IGNORECASE)
_KINDS = ("artifact", "creature", "enchantment", "land", "planeswalker", "battle", "permanent")
# the basic land types, each also a card's name (the card finder: *deux Mountains* are lands of a type)
BASIC_LAND_TYPES = frozenset({"plains", "island", "swamp", "mountain", "forest"})


def _types_named(words: str, extra: Iterable[str] = ()) -> set[str]:
    """The card types, basic land types and ``extra`` (the subtypes the card's text capitalises) a phrase
    names, singular; *noncreature* and *non-Aura* name none."""
    named = set()
    for word in re.findall(r"[a-z]+(?:-[a-z]+)?", words.lower()):
        single = word[:-1] if word.endswith("s") and not word.endswith("ss") else word
        single = "plains" if word == "plains" else single
        if single in _KINDS or single in BASIC_LAND_TYPES or single in extra:
            named.add(single)
    if "every basic land type" in words.lower():
        named |= BASIC_LAND_TYPES
    if named & BASIC_LAND_TYPES:
        named.add("land")
    return named


def type_changes(text: str) -> list[list]:
    """The type-changing effects of a card's text (layer 4), each ``[applies to, makes them, takes abilities]``:
    the types of the objects it applies to, the types it gives them that they did not have (sorted lists), and
    whether it sets a land's type, which takes the land's abilities away (305.7: Blood Moon)."""
    plain = re.sub(r"\([^)]*\)", "", text or "")
    # the subtypes the text names: its capitalised words, those starting a sentence aside (Saproling, Forest)
    subtypes = {word.lower() for sentence in re.split(r"(?<=[.:])\s+|\n", plain)
                for word in re.findall(r"(?<=\s)([A-Z][a-z]+?)s?\b", sentence)}
    found = []
    for line in plain.splitlines():
        line = _ACTIVATED_LINE.sub("", line.strip()).strip()  # an ability's effect after its cost (Liquimetal Coating)
        for sentence in re.split(r"(?<=\.) ", line):
            match = _TYPE_CHANGE.match(sentence)
            if not match or "chosen" in match.group("result"):
                continue
            subject, result = match.group("subject"), match.group("result")
            if re.search(r",|\bwhere\b|\bwould\b", subject):  # "..., where X is the number of ..."
                continue
            result = re.split(r"\bwith\b|\band has\b|\band have\b|\bin addition\b", result)[0]
            first = re.sub(r"^(?:an? |every basic )?(?:\d+/\d+ )?(?:(?:white|blue|black|red|green|colorless|and) )*",
                           "", result.strip())
            applies = _types_named(subject, subtypes)
            makes = _types_named(result, subtypes)
            if not _types_named(first.split(" ", 1)[0], subtypes):  # "is a Swamp", "are artifacts", not "is dealt"
                continue
            if not applies or not makes - applies:
                continue
            sets_land_type = bool(makes & BASIC_LAND_TYPES) and "in addition" not in match.group("result")
            found.append([sorted(applies), sorted(makes - applies), sets_land_type])
    return found


def dependent(cards: Iterable[tuple[list[list], bool]]) -> bool:
    """Whether of ``cards`` (each its :func:`type_changes` and whether it is a nonbasic land) one's
    type-changing effect depends on another's (613.8a): the other makes objects of a type the first applies to
    (Mycosynth Lattice's artifacts and March of the Machines), or sets the land type of the nonbasic land
    holding it (Blood Moon and Urborg)."""
    held = [(changes, nonbasic_land) for changes, nonbasic_land in cards if changes]
    for at, (changes, nonbasic_land) in enumerate(held):
        for other_at, (others, _) in enumerate(held):
            if at == other_at:
                continue
            if any(set(made) & set(applies) for applies, _, _ in changes for _, made, _ in others):
                return True
            if nonbasic_land and any(strips and {"land", "permanent"} & set(applies) for applies, _, strips in others):
                return True
    return False


def nonbasic_land(type_line: str) -> bool:
    """Whether a card of ``type_line`` is a nonbasic land (a land-type change takes its abilities away)."""
    words = set(re.findall(r"[a-z]+", (type_line or "").lower()))
    return "land" in words and "basic" not in words

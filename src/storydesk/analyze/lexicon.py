"""Closed word classes the analyzers rely on: speech verbs, role nouns, pronouns, titles.

These are words of the English language, not names: nothing here is specific to a story.
"""

from __future__ import annotations

import re

#: Lemmas of verbs that introduce or attribute a direct quote.
SPEECH_LEMMAS = frozenset(
    """say tell tweet write reply respond add admit comment explain claim state announce
    insist argue ask answer declare note recall warn continue conclude confirm deny
    acknowledge suggest describe call dub label post exclaim shout scream yell holler whisper
    joke quip remark observe mention report assert contend complain concede stress
    emphasize emphasise urge predict promise vow boast plead testify allege counter retort
    text email cry sigh laugh muse wonder told brand characterize characterise praise
    blast slam lament caution chime interject reiterate recount reveal disclose opine
    agree disagree accuse charge proclaim pledge read reason chant echo gush beam boom
    decry mock scoff tout rant snap sneer thunder rail muse marvel quote cite fume exhort
    bark gripe grumble scold caption""".split()
)

#: Inflected forms of speech verbs (the tagger often misses them next to an odd name).
_IRREGULAR = {"say": ("said", "says", "saying"), "tell": ("told", "tells", "telling"),
              "write": ("wrote", "writes", "writing", "written"), "read": ("reads", "reading")}


def _forms(lemma: str) -> set[str]:
    if lemma in _IRREGULAR:
        return {lemma, *_IRREGULAR[lemma]}
    stem = lemma[:-1] if lemma.endswith("e") else lemma
    if lemma.endswith("y") and lemma[-2] not in "aeiou":
        return {lemma, lemma[:-1] + "ies", lemma[:-1] + "ied", lemma + "ing"}
    third = lemma + ("es" if lemma.endswith(("s", "sh", "ch", "x", "z", "o")) else "s")
    past = lemma + "d" if lemma.endswith("e") else lemma + "ed"
    return {lemma, third, past, stem + "ing"}


SPEECH_FORMS = frozenset(f for lemma in SPEECH_LEMMAS for f in _forms(lemma))

#: Speech verbs that are cues only next to a quote, too common otherwise to climb to.
#: Prepositions that open a phrase before a name or a role ("through a spokesperson",
#: "ahead of Rosberg").
PREPOSITIONS = frozenset("of to with against behind over for from by past through via in after before like "
                         "unlike as".split())
#: A preposition right before offset ``$`` of a text (case aside).
PREPOSITION_BEFORE = re.compile(r"\b(?:" + "|".join(sorted(PREPOSITIONS)) + r")[ \t]+$", re.IGNORECASE)
#: Verbs whose subject publishes words rather than says them ("Deadline reported").
PUBLISH_LEMMAS = frozenset("report publish print write air broadcast obtain quote cite".split())
WEAK_SPEECH = frozenset({"call", "read", "continue", "describe", "charge", "reason", "agree"})

#: Nouns whose possessor or "from" object is the real speaker ("a statement from X").
MESSAGE_NOUNS = frozenset(
    "statement post tweet letter email message note release filing suit lawsuit complaint "
    "response reply interview memo report op-ed essay column".split()
)

PRONOUN_GENDER = {"he": "m", "him": "m", "his": "m", "himself": "m",
                  "she": "f", "her": "f", "hers": "f", "herself": "f"}
PLURAL_PRONOUNS = frozenset("they them their theirs themselves".split())
FIRST_SECOND = frozenset("i me my we us our you your".split())

#: Titles before a name, with the gender they imply (None: no gender).
TITLES = {"mr": "m", "mrs": "f", "ms": "f", "miss": "f", "sir": "m", "dame": "f",
          "lord": "m", "lady": "f", "dr": None, "prof": None, "sen": None, "rep": None,
          "gov": None, "gen": None, "judge": None, "president": None, "senator": None,
          "governor": None, "mayor": None, "minister": None, "secretary": None,
          "king": "m", "queen": "f", "prince": "m", "princess": "f", "pope": "m",
          "rev": None, "sgt": None, "capt": None, "col": None, "lt": None, "st": None,
          # police and military ranks as abbreviated before a name ("Asst Ch Con Ann Lee")
          "asst": None, "ch": None, "con": None, "supt": None, "insp": None, "det": None,
          "cmdr": None, "dep": None, "cpl": None, "maj": None, "adm": None,
          # and spelt out ("Deputy Chief Constable Ann Lee", "Detective Inspector Bo Kim")
          "constable": None, "inspector": None, "superintendent": None, "detective": None,
          "sergeant": None, "commander": None,
          # spelt-out titles the tagger reads as part of the name ("Chancellor Angela Merkel",
          # "House Speaker Paul Ryan", "Supreme Court Justice Frank Nervo")
          "chancellor": None, "speaker": None, "justice": None,
          # peerages and the private's rank, as British copy writes them ("Baroness Amos", "Pte Beharry")
          "baroness": "f", "baron": "m", "pte": None, "pvt": None}

#: Nouns that describe a person (as in "actress Amber Heard", "the actress"), with the
#: gender they imply when they imply one.
ROLE_NOUNS = {
    **dict.fromkeys("""actress wife ex-wife girlfriend ex-girlfriend mother daughter sister
        aunt niece grandmother widow bride fiancée fiancee woman girl lady businesswoman
        spokeswoman chairwoman congresswoman councilwoman waitress heiress duchess queen
        princess empress mom mum stepmother stepdaughter""".split(), "f"),
    **dict.fromkeys("""actor husband ex-husband boyfriend ex-boyfriend father son brother
        uncle nephew grandfather widower groom fiancé fiance man boy gentleman businessman
        spokesman chairman congressman councilman waiter heir duke king prince emperor dad
        stepfather stepson""".split(), "m"),
    **dict.fromkeys("""star singer rapper musician director producer writer author
        journalist reporter editor lawyer attorney spokesperson representative
        publicist agent manager president senator governor mayor minister secretary
        candidate nominee official officer chief executive ceo founder leader chairperson
        judge prosecutor detective sheriff coach player footballer athlete model
        comedian host presenter anchor analyst expert professor scientist doctor
        economist historian activist campaigner advocate adviser advisor aide strategist
        commissioner ambassador diplomat general colonel captain sergeant legislator
        lawmaker congressperson politician billionaire entrepreneur investor owner
        partner spouse ex-partner fan victim survivor witness therapist
        psychologist psychiatrist filmmaker celebrity personality influencer blogger
        youtuber designer artist chef pastor priest bishop critic opponent supporter
        landlord landlady tenant neighbour neighbor resident friend relative teacher student
        nurse paramedic firefighter contributor columnist correspondent photographer""".split(), None),
}

#: Nouns for people, groups of people and bodies that speak as one ("residents said",
#: "a family friend", "the agency said"), shown as an unnamed role when no name is tied
#: to them.
GROUP_NOUNS = frozenset(
    """people resident protester demonstrator police authority investigator neighbour neighbor
    relative family friend student parent teacher worker employee staff member supporter critic
    passenger driver source insider organiser organizer volunteer rescuer firefighter paramedic
    soldier officer official spokesperson spokesman spokeswoman representative eyewitness
    onlooker bystander villager local citizen voter announcer narrator host commentator
    observer analyst researcher scientist doctor nurse surgeon
    commission committee agency department ministry government administration authority
    court council company firm group union party board office team club hospital zoo
    campaign organisation organization foundation charity association institute
    university school church army military navy force regulator watchdog""".split()
)

#: Nouns for a body that the text has named before it calls it by its kind alone ("the
#: company said", "the campaign states"): such a phrase stands for a name, so a brief does
#: not show it as an unnamed role (unlike "the police" or "the government", which speak as
#: what they are); and a name with one of these words names a body, not a person.
NAMED_BODY_NOUNS = frozenset(
    """company firm group campaign organisation organization foundation charity association
    institute agency club team union party board commission committee council hospital zoo
    university school church""".split()
)

#: Words that make a name a body's, not a person's ("Rail Accident Investigation Branch",
#: "Center for Humane Technology"): :func:`storydesk.analyze.bodies.body_name`.
BODY_NAME_WORDS = NAMED_BODY_NOUNS | frozenset(
    """branch department bureau service services ministry office police authority court agency
    corporation center centre institute association airlines airways productions studios records""".split()
)

#: Nouns for a position in, or a part of, a body: after a name ("SpaceX founder", "Qualcomm
#: board", "Houston Texans linebacker") or before "of" a name ("chief executive of Tesla")
#: they make the name an organisation's, not a person's. Not the staff a person has too
#: ("Putin spokesman Dmitry Peskov", "Trump staff", "Clinton aide"), nor "chief" or
#: "executive" ("Trump chief strategist", "an Obama executive order").
BODY_PART_NOUNS = frozenset(
    """ceo cfo coo cto founder co-founder cofounder president chairman chairwoman chairperson
    executives boss bosses board shares
    stock stocks shareholders investors employees engineer engineers coach players
    quarterback linebacker receiver cornerback safety tackle striker goalkeeper midfielder
    defender pitcher outfielder shortstop owner owners headquarters subsidiary division
    unit""".split()
)

#: Nouns for a kind of company before its name ("chipmaker Qualcomm", "headset maker Magic
#: Leap", "electric car company Tesla"); any word ending in "maker" counts too.
COMPANY_NOUNS = frozenset(
    """company firm startup start-up giant manufacturer retailer carrier operator brand
    conglomerate automaker carmaker chipmaker lender insurer bank broadcaster publisher
    developer airline""".split()
)

#: Last words of a name that no person's name ends with ("U.S. Naval Observatory", "Fitch
#: Ratings", "American Meteor Society"): a name of two words or more ending in one is a
#: body's, whatever the tagger guessed. Not the words that are also surnames ("Branch",
#: "Court", "Church", "Service", "House", "Hall").
BODY_HEAD_WORDS = frozenset(
    """observatory observatories laboratory laboratories society university institute institution
    foundation agency administration commission committee council ministry department association
    corporation airlines airways ratings holdings industries technologies studios museum academy
    federation organisation organization authority bureau league""".split()
)

#: Photo agencies' credits, as printed before or after a caption ("GETTY", "Getty Images",
#: "REX", "AFP"), lower-cased: :func:`storydesk.analyze.name_spans.photo_credit`.
PHOTO_CREDITS = frozenset((
    "getty", "getty images", "reuters", "ap", "afp", "pa", "pa wire", "epa", "rex", "rex features",
    "shutterstock", "alamy", "splash", "splash news", "swns", "wenn", "backgrid",
))

#: Words after a name that make it a company's legal name ("Qualcomm Inc", "Broadcom Ltd").
COMPANY_SUFFIXES = frozenset("inc ltd corp co llc plc ag nv sa gmbh limited incorporated".split())

#: Of :data:`BODY_PART_NOUNS`, those a person has too after a possessive ("Obama's chairman of
#: the council", "Trump's president pick", "Kasich's coach"): no evidence of a body there.
PERSONAL_PART_NOUNS = frozenset(
    """president chairman chairwoman chairperson executives boss bosses coach players engineer
    engineers employees owner owners investors staff""".split()
)

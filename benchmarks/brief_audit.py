"""The rest of the brief (origin, figures, timeline dates, entity names) audited on stories
nobody tuned it to.

    PYTHONPATH=. .venv/bin/python -m benchmarks.brief_audit [--data DIR] [--json]

Multi-outlet events of the Giveme5W1H news_cluster set (technology, science,
business, sports; none in ``benchmarks/story_set.py``; five from round 7, three added in
round 8 for names, entity types, origin and dates, three for figures, four in round 9 for
dates, origin, names and types), hand-labelled from their texts in
``benchmarks/labels/brief/audit.jsonl`` (offsets and text hashes only; see that folder's
README), and, when ``../shared/data/timeline17`` is there, four count stories of its dated
articles (``T17_STORIES``: a flu toll, a rig blast, an earthquake's peacekeepers, a leak's
raised estimate beside the oil collected; briefed from
their articles together, ``Desk.brief_articles``). Each giveme5w1h story goes through the
path a user takes (``benchmarks.briefs.brief_story``: a ``Desk`` ingests the files and
briefs the story). Errors per section, fewer is better:

- ``origin_err``: stories whose origin is not the labelled outlet (or not null where no
  outlet is credited with the scoop);
- ``fig_missed``: figures outlets disagree on, or that changed with time, that the brief
  does not flag (conflict or evolution on one entry citing two labelled values of different
  articles), of ``fig_conflicts`` (``figure_conflict`` and ``figure_evolution`` labels);
- ``fig_kind_wrong``: of those flagged, none of the entries says the labelled kind (an
  evolution not marked ``evolution``, a conflict not marked ``conflict``);
- ``fig_merged``: pairs of different figures ("$82 a share" and its "$60 in cash" part)
  shown as one entry, of ``fig_apart``;
- ``date_wrong``: labelled sentences the timeline shows under a date their words do not
  give (a future weekday put in the past; a copyright line shown as an event), of
  ``date_shown`` shown (a sentence the timeline leaves out is not scored);
- ``names_merged``: pairs of different things ("Tesla" the company, "Tesla Roadster" the car;
  a city and its team) shown as one entry of the brief's entities, of ``names_apart``;
- ``names_split``: pairs of mentions of one person ("Ofer Shacham", "Mr. Shacham") that no
  one entry of the entities shows both of, of ``names_same``;
- ``type_wrong``: key names the entities show with the wrong type (a person as anything
  else, a company or a product as a person, a company as a place), of ``type_shown``;
  ``type_dropped``: people and organisations of ``type_labels`` missing from the entities.

The baseline row is what a reader would otherwise do: take the outlet of the earliest
article as the origin, and flag every pair of articles that print different numbers of
the same kind and unit (``benchmarks.briefs.naive_flags``); it has no timeline or names.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from benchmarks._common import parser, report, require
from benchmarks.briefs import _entry_sources, _same_outlet, _span_hit, brief_story, naive_flags
from benchmarks.story_set import LoadedStory, StorySpec, load_story, text_hash
from storydesk.model import Article

LABELS = Path(__file__).resolve().parent / "labels" / "brief" / "audit.jsonl"

STORIES: tuple[StorySpec, ...] = (
    StorySpec("broadcom_qualcomm", "audit", (
        "34812a1ccb743496736330e5d2aef51bb7830d5f391b3356d6387a36.json",  # japantimes.co.jp
        "60fdb760fa230f1f4ecdafb6952be4413a0e20ee9340116f7f70c381.json",  # nytimes.com
        "7b6688995fd94a608127bea214cf829a30c2e663b7a24f49f8c7dbe2.json",  # usatoday.com
        "eb8d1d017a3f45f04a5e15876759dd577a32c7b25b2f1dc30d4881cb.json",  # uk.reuters.com
        "ee7a6162c21a3579e88a994589feb652bd5376468cc60083f47c846c.json",  # bloomberg.com
        "fa9878c55a79161c5ef521d5aa3ac946abae87940720490f53cfa150.json",  # wsj.com
    ), ()),
    StorySpec("goldman_tax_charge", "audit", (
        "22f61b23943672063f35def3c8e187307507bf8b9f6e455ce8e18483.json",  # money.cnn.com
        "535543435b93281c56ad8fbceaec2d7e533f5fcf4c376005cc66d5a2.json",  # washingtonpost.com (AP)
        "74a581ab53294aa790bd2ad0aa4e97d0602e3aa086957102000a0f31.json",  # dailymail.co.uk (AP)
        "8f5bf843dc8e16275dd5e880b78bf39b392112de69c69e0aabbbd1ba.json",  # bloomberg.com
        "b51c5d66f5bbe26442a8d3e764d7adcd177fb16044c8ac384bd963d4.json",  # washingtonpost.com (AP flash)
        "b81ff83f0b8b55309d57d91ca8dddf986c1f86fd9e9ae1fbe7551984.json",  # nytimes.com
    ), ()),
    StorySpec("nyc_work_trains", "audit", (
        "2216ac1653dbe4e74e65fb459401445f7b44202fec43b08c4a47af82.json",  # washingtonpost.com (AP)
        "5ab7894a2174f1575138b4c57cd950d516d1ffce569f5c960fd1c0fa.json",  # nytimes.com (AP)
        "7cd30fafa45129f56047c446efac7768314696d281123cb675f13096.json",  # abcnews.go.com (AP)
        "d0c8f9bc4fa935f5ee55a8480738668c1a45dbfcdcfe7ff7b3acdc34.json",  # dailyprogress.com (a promo line)
        "e5b73024b43cab7dc2ea4f72b04bf98842e3958b97afe44402935312.json",  # dailymail.co.uk
    ), ()),
    StorySpec("falcon_heavy_launch", "audit", (
        "10940dbce42147efbb3744504c8a2ac317affb4232a51655bff2620f.json",  # npr.org
        "58454366c71ad08d82966ec5a8a31d7b7b9bf8f0ea9a51a06609f60a.json",  # rt.com
        "60c49d752ab651be79ba8f3165cfcc7b42187f5005dfe03f0f07ba50.json",  # washingtonpost.com (AP)
        "8c22e99fff727e5ca246ac08386e8c703c4940961fa2dcd98ec6ab4a.json",  # dailymail.co.uk, a month before
        "a6d78217713b9eda70253ef19936cc2865257d6a5aeac1c8c975bcdf.json",  # nytimes.com
        "b271739c75590d1a429988bf7441c1c0702a96704d0ac92366eeae7c.json",  # washingtonpost.com
        "fc5b540669cddf8e68d35182b0a40f525096d9f4e11dc963252c2046.json",  # spaceflightnow.com
    ), ()),
    StorySpec("steelers_texans", "audit", (
        "192a6eb733d773f6e00fe4ecc8382fcec56c72b362ab283869713367.json",  # kearneyhub.com (a caption)
        "a65dd75a9213eb1ea1e1d76e00af70a701aba854102cf758628616cd.json",  # dailymail.co.uk
        "cd62c74b9affbe83c2b1d6e2fbf4a118cb62ee16c6e1817918016a10.json",  # nytimes.com
        "f45bdcd37e601dc81b8a78cfd3af7b265405146dad1c725794e3db5b.json",  # washingtonpost.com (AP)
    ), ()),
    # round 8 (figures8): figures that conflict and figures that must stay apart
    StorySpec("bitcoin_drops", "audit", (
        "22ceaac661fce2ce0325ef77232842ce794b92bc77c941bd37cf9758.json",  # theguardian.com
        "2fc45aa35a85b92ff0a2a0f643acc4520a0d4f2f368bbc6fca6c29f4.json",  # express.co.uk, a week before
        "77a640c9398b7794976ce6c493edc40344903f4034e25d6ea31ec511.json",  # businessinsider.de
        "85ffcd0c358943e4450f8aafacf504d2305b9f0fe70f70f5c7022280.json",  # nytimes.com
        "968852d73ac38b2184fd438b2f54ffde4eb23c13f7861a45776b2a35.json",  # coindesk.com
        "d738251682246590758dfb481fc24d4cb76068d6825bc3035f1bd029.json",  # forexlive.com
        "e444d7d1d0f08fe92f5640cb6c7aa4a8e9184cb5bbaf3c651b732d76.json",  # express.co.uk (live page)
    ), ()),
    StorySpec("erie_snowfall", "audit", (
        "136fdf3b74f240dd4ad7201d8626c6e97a1ad894f53353cd34b3b215.json",  # abcnews.go.com (AP)
        "4b2798693f5bf9c8f97dec0485b2aa4ff1c7d0cc3dbe3f41a8e1250a.json",  # nytimes.com (AP)
        "6e874e6c55270e639944f5d1e6274a7dfd46cf7b7a9b633da7f1ed92.json",  # dailymail.co.uk (AP)
    ), ()),
    StorySpec("tiangong_falls", "audit", (
        "544e412d7b7aa9de0f9a7bb562bc605dca44c57b85bbcdffabafca24.json",  # independent.co.uk (Reuters)
        "a937907f547fbc847b0617142974062fa800e70557132812cd9fd0f0.json",  # theverge.com
        "bda8462b65d11d35f377650e4e5ff5ee164f2964776878d5ae0ccd20.json",  # theguardian.com
        "cc9bdfcf6b33df2cd6d92f947ba2b7c99d485fc4d1b46882ca2f5a91.json",  # express.co.uk
    ), ()),
    # round 8 (names, entity types, origin, dates)
    StorySpec("tesla_roadster_mars", "audit", (
        "12e3629ae0c8fe356b5c757c61b0476e45d76be8625ec4f9f4b86b77.json",  # dailymail.co.uk
        "25ebe26937a7be8e147e50fc36e29d323f8d5ed0b93402046065a7ca.json",  # fool.com
        "2e3edacb22734ef938cf1122f31bf6eccb2cf297d719489ce4df665f.json",  # dailymail.co.uk
        "466c69cdb53c8dfc93beff5d4961dfd206987202d3258165144ab3ae.json",  # money.cnn.com
        "762131c6e7838a4fea2e533dab8fd29594db095c782535e2314910f6.json",  # cbsnews.com (CNET)
        "e2f8cc8b39b6d694af8d40f747135dc51a52667b7319081cb0f9b617.json",  # rt.com
    ), ()),
    StorySpec("pixel_visual_core", "audit", (
        "3a4da57f7b53d48b94b8fe7f096dee9348003d68f8874865e5a2b55a.json",  # wired.com
        "6d7866f5d80f7ccb9eada3cde7c6caea061d4af47e8517e4a7b97fc0.json",  # theverge.com
        "9992dff8896282ce526998d39c5fbb76d8d03680f99689feedfe2b12.json",  # blog.google
        "b635ee6cf7062c948a622ba2258de6a6d569e3abfb2766496bcc44ed.json",  # cnet.com
        "bdddc9336a946c2501553ca6a0191fed22cebdd6cc379be7e512dff7.json",  # gadgetstouse.com
        "e9b4065e969efabac4f6d7ddba478fbbe4ae14a46b58e7b9e66313e8.json",  # xda-developers.com
    ), ()),
    StorySpec("intel_vaunt", "audit", (
        "62586f125940b735d98dd687ab51662e3e2ca6221c700a87052bb284.json",  # cnet.com
        "8dd04757d33b727c830250d3eff69cf98487b3c1bec2158364901e3f.json",  # theinquirer.net
        "df8305faa4d8f9e8c2c463ab77b10ac76028297cd928425a23eac3e0.json",  # thetimes.co.uk
        "e5b26d1ba171e91af37d189676f52777020206e009d23ef77a49f3c2.json",  # engadget.com (a newsletter)
    ), ()),
    # round 9: dates a month ahead and behind, an origin credited by "told X", names and types
    StorySpec("january_moons", "audit", (
        "65ab3770aae334d712d7f212d1c71d163155beb4fb143d1a8ad5203a.json",  # washingtonpost.com (a month's sky)
        "965d7456d9ec7568e4df877543dc6c6adbdbc50b8012f1abd15a241c.json",  # rt.com (crawled two weeks late)
        "d2cf1395dac0c5a6fe853ada78d8d5ce2d5ef4209d87d4a5d72e66a6.json",  # dailymail.co.uk (captions)
        "d5cc13eb73387c725c2651ae6d90aa571b5b7469b1a53f66ff672a7a.json",  # thesun.co.uk
    ), ()),
    StorySpec("moon_far_side", "audit", (
        "0b48a814a35197606531e2a9bb6e5c3818b8511043e61e2b1a3b0457.json",  # theguardian.com
        "2ae4755e201b632b518a138a769d7e8541e2016f470ccfd120e184f5.json",  # dailymail.co.uk
        "2d6532020cf4c9c17c15d78dfddc847fea6b1817e3cb319dac612f55.json",  # sciexaminer.com
        "d390bd40e532fe05b9a49dc4e4a244f51a26473e5da1291af6dcb877.json",  # sputniknews.com
    ), ()),
    StorySpec("extragalactic_planets", "audit", (
        "3ca5dc3a0b271508c8683bc259443ea9654e14fa0c5ea8cb8915f6c9.json",  # independent.co.uk
        "4d4c9b2109bb7a88e7eff209e92cf5c1b07032bfdaf722396ca3ac5e.json",  # dailymail.co.uk
        "58b43cc632170a3d84708e7b03531765f221fc92783d64fc174ebe67.json",  # washingtonpost.com
        "7e2c73a620dd0819c18034cee4e05837ae64e56541700794ea3f56b4.json",  # nbcnews.com
        "ad54d4c6ff3fd9b4702c8fa8f725210c6198d18b2dd825b88bf02d60.json",  # rt.com
    ), ()),
    StorySpec("cubs_title", "audit", (
        "580907b65c143b41a4f467c5836a9500b96e423a02f9698b7b1c68c4.json",  # theguardian.com
        "d0a9c4846b02c1bdf2cf6091f52061669dc04593e21aa02398f875bb.json",  # independent.co.uk (fans)
        "cbc0951362802c54af346588618433c6b8ca6ab4de32df89ff3675e0.json",  # independent.co.uk (game)
        "be0c5bb424590b889c8a211a7e37da85c89f2dc8b9fa680ae6919e43.json",  # standard.co.uk
        "9829d11717f4d90ae350a08c55b4fd3b39ed0af5e77cfe16b93223b3.json",  # bbc.com
        "9d498c7afe7a9e290c2e0a57af5c08de5dd16a51f8d5bf30d68f3bff.json",  # washingtonpost.com
    ), ()),    # round 10: counts and amounts of one sting, weekdays of a launch week, companies and products
    StorySpec("seattle_sex_buyers", "audit", (
        "108638b8239f185458be086496041473af3c3f6c6fa6eb9b2475f10a.json",  # newsweek.com (dated a year early)
        "526efa9d8c01fd928eb7457ae5b88be6d494e627afcb9b234a5c7356.json",  # rt.com
        "7433ca33b695682d5083f15a98f50842a39d6d454713d6ead1cc7da5.json",  # engadget.com
    ), ()),
    StorySpec("angosat_contact", "audit", (
        "3d4cead18c8bbad0d056cbe1e59b67ba1bb04359683c8b6575b90a74.json",  # rt.com (contact lost; crawl date)
        "2ea0c85e8b8adfd02aa27a7306e4f7b9afba90f6aef8613e5b2fce59.json",  # foxnews.com (AP)
        "4c06bb5412a15ba2ca552b4cbf0b1b2c62182cce25228a07ced63de3.json",  # timesofindia.indiatimes.com (AP)
        "2a8b66639fa714b72585dce98ac71e7733d0e5b1473ccc3772c52a47.json",  # rt.com (contact regained; crawl date)
    ), ()),
)


#: Round 8 (figures9): counts that rise, conflict and must stay apart, from timeline17
#: (``../shared/data/timeline17``: dated, PTB-tokenised articles of one outlet per folder).
#: A file is ``<folder>.<article id>``; each story's articles are briefed together.
T17_STORIES: tuple[StorySpec, ...] = (
    StorySpec("h1n1_mexico_toll", "audit", (
        "H1N1_reuters.911", "H1N1_reuters.208", "H1N1_guardian.970", "H1N1_bbc.240", "H1N1_reuters.302",
        "H1N1_bbc.156", "H1N1_guardian.519", "H1N1_reuters.399", "H1N1_reuters.234", "H1N1_reuters.917",
        "H1N1_reuters.1156",  # 24 Apr - 2 May 2009
    ), ()),
    StorySpec("bp_rig_blast", "audit", (
        "bpoil_reuters.1230", "bpoil_bbc.2073", "bpoil_foxnews.471", "bpoil_foxnews.420", "bpoil_bbc.481",
        "bpoil_guardian.1569", "bpoil_bbc.1623", "bpoil_reuters.871", "bpoil_guardian.486",
        "bpoil_washingtonpost.700", "bpoil_bbc.1825",  # 22 - 29 Apr 2010
    ), ()),
    StorySpec("haiti_quake_toll", "audit", (
        "haiti_bbc.142", "haiti_bbc.640", "haiti_bbc.932", "haiti_bbc.94", "haiti_bbc.419",
        "haiti_bbc.1439",  # 13 - 15 Jan 2010
    ), ()),
    # round 9: a flow estimate raised four times, the oil collected rising beside it
    StorySpec("bp_flow_estimate", "audit", (
        "bpoil_reuters.1957", "bpoil_guardian.232", "bpoil_bbc.152", "bpoil_washingtonpost.1684",
        "bpoil_guardian.598", "bpoil_bbc.2038", "bpoil_reuters.948", "bpoil_guardian.862",
        "bpoil_reuters.1064",  # 27 May - 17 Jun 2010
    ), ()),    # round 10: one day's tallies of a declared pandemic (deaths, cases, years since the last)
    StorySpec("who_pandemic_declared", "audit", (
        "H1N1_bbc.324", "H1N1_bbc.895", "H1N1_bbc.357", "H1N1_guardian.1135", "H1N1_guardian.796",
        "H1N1_reuters.860", "H1N1_reuters.819",  # 11 - 12 Jun 2009
    ), ()),
)
_T17_OUTLETS = {"bbc": "bbc.co.uk", "guardian": "theguardian.com", "reuters": "reuters.com",
                "foxnews": "foxnews.com", "washingtonpost": "washingtonpost.com", "cnn": "cnn.com"}


def load_t17_story(folder: Path, spec: StorySpec) -> LoadedStory:
    """The timeline17 articles of ``spec`` as Articles (text as the data gives it; the
    outlet from the folder's name, the date from its record)."""
    wanted: dict[str, set[str]] = {}
    for name in spec.files:
        topic, _, rid = name.partition(".")
        wanted.setdefault(topic, set()).add(rid)
    found: dict[str, Article] = {}
    for topic, ids in wanted.items():
        with gzip.open(folder / topic / "articles.tokenized.jsonl.gz", "rt", encoding="utf-8") as fh:
            for line in fh:
                record = json.loads(line)
                if str(record["id"]) in ids:
                    name = f"{topic}.{record['id']}"
                    found[name] = Article(id=f"t17-{name}", text=record["text"], source=name, format="jsonl",
                                          outlet=_T17_OUTLETS[topic.rpartition("_")[2]],
                                          published=record["time"][:10], precision="day")
    missing = [n for n in spec.files if n not in found]
    if missing:
        raise RuntimeError(f"{spec.name}: not found in {folder}: {', '.join(missing)}")
    return LoadedStory(spec.name, spec.split, tuple(found[n] for n in spec.files))


def load_audit_stories(data: Path) -> list[LoadedStory]:
    """The audit stories, each article read as ``storydesk ingest`` reads it (the
    timeline17 ones from ``data``'s sibling folder, when it is there)."""
    t17 = data.parent / "timeline17"
    return [load_story(data, spec) for spec in STORIES] + (
        [load_t17_story(t17, spec) for spec in T17_STORIES] if t17.is_dir() else [])


def _brief(story: LoadedStory, data: Path) -> tuple[dict, bool]:
    if story.name not in {s.name for s in T17_STORIES}:
        return brief_story(story, data)
    from storydesk import Desk, Settings

    with Desk(Settings(db=":memory:")) as desk:
        return desk.brief_articles(list(story.articles)), True


def load_labels(path: Path = LABELS) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _spans(record: dict) -> list[dict]:
    return (list(record.get("values", [])) + list(record.get("credits", []))
            + [record[k] for k in ("span", "a", "b") if k in record])


def check_labels(stories: list[LoadedStory], labels: list[dict]) -> None:
    """Every labelled span still holds the text it was labelled on."""
    by_name = {s.name: s for s in stories}
    for record in labels:
        if record["story"] not in by_name:
            continue  # a timeline17 story, without timeline17 at hand
        for span in _spans(record):
            text = by_name[record["story"]].by_file(span["file"]).text[span["start"]:span["end"]]
            if text_hash(text) != span["sha1"]:
                raise SystemExit(f"label of {record['story']} no longer matches {span['file']}:"
                                 f"{span['start']}-{span['end']} (text changed?)")


def _hits_two_articles(sources: list[dict], story: LoadedStory, spans: list[dict]) -> bool:
    return len({story.by_file(v["file"]).id for v in spans if _span_hit(sources, story, v)}) >= 2


def _date_fits(found: str, label: str | None, also: list[str]) -> bool:
    return label is not None and any(found.startswith(d) or d.startswith(found) for d in [label, *also])


def score_story(story: LoadedStory, brief: dict, labels: list[dict]) -> tuple[dict, dict]:
    """(storydesk's errors, the baseline's) on one story."""
    ours: dict[str, int] = {}
    base: dict[str, int] = {}

    def add(row: dict, key: str, n: int = 1) -> None:
        row[key] = row.get(key, 0) + n

    figures = brief.get("figures", [])
    flagged = [f for f in figures if f.get("conflict") or f.get("evolution")]
    naive = naive_flags(figures, story)
    timeline = brief.get("timeline", [])
    entities = brief.get("entities", [])
    for label in labels:
        kind = label["kind"]
        if kind == "origin":
            found = (brief.get("origin") or {}).get("outlet")
            earliest = min(story.articles, key=lambda a: a.published or "9999").outlet
            add(ours, "origin_err", not _outlet_is(found, label["outlet"]))
            add(base, "origin_err", not _outlet_is(earliest, label["outlet"]))
        elif kind in ("figure_conflict", "figure_evolution"):
            for row, entries in ((ours, flagged), (base, naive)):
                hits = [e for e in entries if _hits_two_articles(_entry_sources(e), story, label["values"])]
                add(row, "fig_conflicts")
                add(row, "fig_missed", not hits)
                add(row, "fig_kind_wrong", bool(hits) and not any(
                    e.get("evolution" if kind == "figure_evolution" else "conflict") for e in hits))
        elif kind == "figure_apart":
            a, b = label["values"]
            add(ours, "fig_apart")
            add(ours, "fig_merged", any(_span_hit(_entry_sources(e), story, a)
                                        and _span_hit(_entry_sources(e), story, b) for e in figures))
        elif kind == "date":
            add(ours, "date_labels")
            shown = [t for t in timeline if _span_hit(t.get("sources", []), story, label["span"])]
            if shown:
                add(ours, "date_shown")
                add(ours, "date_wrong", any(not _date_fits(t["date"], label["date"], label.get("also", []))
                                            for t in shown))
        elif kind == "names_apart":
            article_a = story.by_file(label["a"]["file"]).text
            article_b = story.by_file(label["b"]["file"]).text
            a = article_a[label["a"]["start"]:label["a"]["end"]]
            b = article_b[label["b"]["start"]:label["b"]["end"]]
            add(ours, "names_apart")
            add(ours, "names_merged", any(_names(e, a) and (_names(e, b) or _same_name(e["name"], b))
                                          for e in entities))
        elif kind == "names_same":
            a, b = _surface(story, label["a"]), _surface(story, label["b"])
            add(ours, "names_same")
            add(ours, "names_split", not any(_names(e, a) and _names(e, b) for e in entities))
        elif kind == "entity_type":
            surface = _surface(story, label["span"])
            shown = [e for e in entities if _names(e, surface)]
            add(ours, "type_labels")
            if shown:
                add(ours, "type_shown")
                add(ours, "type_wrong", any(_type_wrong(e["type"], label["type"]) for e in shown))
            elif label["type"] in ("PERSON", "ORG"):
                add(ours, "type_dropped")
    return ours, base


def _surface(story: LoadedStory, span: dict) -> str:
    return story.by_file(span["file"]).text[span["start"]:span["end"]]


def _type_wrong(shown: str, label: str) -> bool:
    """A person shown as anything else, or anything else (an organisation, a product) shown
    as a person; a product listed as an organisation is not counted."""
    return (shown == "PERSON") != (label == "PERSON") or (label == "ORG" and shown not in ("ORG", "PERSON"))


def _outlet_is(found: str | None, label: str | None) -> bool:
    """``_same_outlet`` up to a leading "the" glued to a domain ("www.theverge.com" is
    "The Verge")."""
    if found is not None and label is not None:
        from storydesk.brief.origin import outlet_key

        keys = [outlet_key(x) for x in (found, label)]
        keys = [k[3:] if k.startswith("the") and k not in ("the",) else k for k in keys]
        if keys[0] == keys[1]:
            return True
    return _same_outlet(found, label)


def _names(entry: dict, surface: str) -> bool:
    """Whether the brief's entities ``entry`` is shown under ``surface`` (its name or an
    alias, up to case; a surface's leading words that are not a name, "in Houston", are
    compared by its last words)."""
    forms = {f.lower() for f in [entry["name"], *entry.get("aliases", [])]}
    words = surface.split()
    return any(" ".join(words[i:]).lower() in forms for i in range(len(words)))


def _same_name(name: str, surface: str) -> bool:
    """``name`` is ``surface`` up to case and a plural -s ("Tesla Roadsters")."""
    return name.lower().rstrip("s") == surface.lower().rstrip("s")


COLUMNS = ("origin_err", "fig_missed", "fig_kind_wrong", "fig_conflicts", "fig_merged", "fig_apart",
           "date_wrong", "date_shown", "date_labels", "names_merged", "names_apart",
           "names_split", "names_same", "type_wrong", "type_shown", "type_dropped", "type_labels")


def evaluate(data: Path) -> tuple[dict, list[str], list[dict]]:
    """(the table, notes, one row per story) over the audit stories."""
    stories = load_audit_stories(data)
    labels = load_labels()
    check_labels(stories, labels)
    baseline = "baseline (earliest outlet, naive figures)"
    results: dict[str, dict] = {"storydesk": {"stories": 0}, baseline: {"stories": 0}}
    notes: list[str] = []
    per_story: list[dict] = []
    for story in stories:
        brief, as_one = _brief(story, data)
        ours, base = score_story(story, brief, [x for x in labels if x["story"] == story.name])
        for row, got in ((results["storydesk"], ours), (results[baseline], base)):
            row["stories"] += 1
            for k, v in got.items():
                row[k] = row.get(k, 0) + int(v)
        per_story.append({"story": story.name, **ours})
        if not as_one:
            notes.append(f"{story.name}: ingest split the story; briefed its articles together")
    for k in COLUMNS:
        results["storydesk"].setdefault(k, 0)
        results[baseline].setdefault(k, None)  # the baseline has no timeline and no names
    return results, notes, per_story


def main(argv: list[str] | None = None) -> None:
    p = parser(__doc__.splitlines()[0], "giveme5w1h-news-cluster")
    args = p.parse_args(argv)
    results, notes, per_story = evaluate(require(args.data))
    report(results, args.json, title="The rest of the brief on unseen stories (errors per section)")
    if not args.json:
        for row in per_story:
            print("  " + ", ".join(f"{k}={v}" for k, v in row.items()))
        for note in notes:
            print(f"note: {note}")


if __name__ == "__main__":
    main()

"""Feeds polled for real against the loopback news web: full text, conditional GET,
deduplication across feeds, GUIDs and edits, and every fault the issue lists, each
with its log line and its `feeds list` entry, nothing lost, nothing doubled."""

from __future__ import annotations

import logging
import time
from datetime import UTC, datetime, timedelta

from storydesk.store import feeds as db
from storydesk.watch.health import feed_health
from storydesk.watch.watcher import Watcher

from .conftest import add_feeds, watch_until
from .feedgen import Item, atom, paragraphs, rss
from .newsweb import endless, redirect, silent, slow_body

TEASER = "All 41 passengers and nine crew were taken off the overnight ferry MV Saltmarsh…"
WHEN = datetime(2024, 5, 14, 6, 12, tzinfo=UTC)


def _health(desk, url):
    return next(r for r in feed_health(desk.store) if r["url"] == url)


def _articles(desk):
    return desk.store.list_articles()


def test_summary_entry_gets_its_page_and_later_polls_are_conditional(web, desk):
    base = "/t-fulltext"
    web.route(f"{base}/feed.rss", rss("The Coastal Courier", web.base, [
        Item("Ferry aground off Greyhaven", web.url("/pages/ferry?utm_source=rss&utm_medium=feed"), TEASER,
             guid="courier-ferry-1", author="Tomasz Ellery", published=WHEN),
    ]), etag='"feed-v1"')
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.not_modified >= 2)

    [article] = _articles(desk)
    assert "Marguerite Olsen" in article.text and "Saltway Lines" in article.text  # the page's text
    assert "newsletter" not in article.text.lower() and "All rights reserved" not in article.text
    assert article.title == "Night ferry runs aground off Greyhaven Point, 41 passengers rescued"
    assert article.url == "https://coastalcourier.example/news/2024/05/14/ferry-aground-greyhaven"  # its canonical
    keys = {r[0] for r in desk.store.execute("SELECT key FROM article_keys WHERE article_id = ?", (article.id,))}
    assert f"url:{web.url('/pages/ferry')}" in keys and f"url:{article.url}" in keys  # tracking parameters stripped
    assert article.published == "2024-05-14T06:12:00"  # the feed's time, as sure as the page's day and finer
    feed_hits = web.hits(f"{base}/feed.rss")
    assert feed_hits[0].headers.get("if-none-match") is None
    assert all(h.headers.get("if-none-match") == '"feed-v1"' and h.status == 304 for h in feed_hits[1:])
    assert len(web.hits("/pages/ferry")) == 1  # 304s cost no page fetch, no parsing
    agent = feed_hits[0].headers["user-agent"]
    assert agent.startswith("storydesk/") and "https://desk.example/contact" in agent
    row = _health(desk, web.url(f"{base}/feed.rss"))
    assert (row["state"], row["last_status"], row["entries_seen"], row["articles_stored"]) == ("ok", 304, 1, 1)
    assert db.story_of_article(desk.store, article.id) is not None  # grouped as it arrived


def test_full_text_feed_needs_no_page(web, desk):
    base = "/t-fullfeed"
    body = paragraphs(
        "Homes and businesses in Lower Tavistow were evacuated on Wednesday morning after the River Tavy "
        "burst its banks, as storm Hilde brought more than a month's rainfall to the valley in 24 hours.",
        "The Environment Office issued two severe flood warnings for the stretch between Tavistow and "
        "Brenmouth. About 120 properties were flooded, according to the district council.",
        "Rescue teams used boats to reach residents of a care home on Mill Road, and all 34 residents were "
        "moved to the village hall, which the council has opened as a rest centre for the night.",
        "The Met Bureau said rain would ease by the evening but warned that river levels downstream could "
        "keep rising until Thursday. Rail services between Tavistow and Brenmouth were suspended.",
    )
    web.route(f"{base}/feed.atom", atom("Valley Post", web.base, [
        Item("River Tavy bursts banks", web.url(f"{base}/never-fetched"), "Storm Hilde floods 120 homes.",
             content=body, guid="tag:valleypost.example,2024:tavy"),
    ]))
    add_feeds(desk, web.url(f"{base}/feed.atom"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.articles >= 1)
    [article] = _articles(desk)
    assert article.text.startswith("Homes and businesses in Lower Tavistow")
    assert web.hits(f"{base}/never-fetched") == []


def test_one_article_for_an_entry_in_two_feeds_and_for_a_changed_guid(web, desk):
    base = "/t-dedup"
    link = web.url("/pages/stadium?utm_campaign=sports")
    item = Item("Stadium plan backed", link, "The planning committee voted 7-5 for the riverside ground.",
                guid="star-881")
    web.route(f"{base}/news.rss", rss("Ashford Evening Star - News", web.base, [item]))
    web.route(f"{base}/sport.rss", rss("Ashford Evening Star - Sport", web.base, [item]))
    add_feeds(desk, web.url(f"{base}/news.rss"), web.url(f"{base}/sport.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.polls >= 4)
    # the news feed now gives the same story a new GUID (a CMS migration)
    web.route(f"{base}/news.rss", rss("Ashford Evening Star - News", web.base, [
        Item(item.title, web.url("/pages/stadium"), item.summary, guid="urn:uuid:5f0c-stadium")]))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.polls >= 2)

    assert len(_articles(desk)) == 1
    assert len(web.hits("/pages/stadium")) == 1  # fetched once for both feeds and both GUIDs
    (article_id,) = {r[0] for r in desk.store.execute("SELECT article_id FROM feed_entries").fetchall()}
    keys = {r[0] for r in desk.store.execute("SELECT key FROM article_keys WHERE article_id = ?", (article_id,))}
    assert "guid:urn:uuid:5f0c-stadium" in keys and f"url:{web.url('/pages/stadium')}" in keys


def test_an_edited_entry_updates_its_article_in_place_and_the_brief_follows(web, desk):
    base = "/t-edit"
    first = paragraphs(
        "Firefighters in Brenmouth spent the night containing a blaze at the Quayside grain store, which "
        "broke out shortly after 9pm on Monday and sent smoke across the harbour district.",
        "Fire chief Alma Reyes said crews from four stations had fought the fire and that nobody was hurt.",
        "Residents of Dock Row were asked to keep their windows closed until the smoke had cleared.",
    )
    update = "Investigators said on Tuesday that an electrical fault in a conveyor motor caused the blaze."
    item = Item("Fire at Quayside grain store", web.url(f"{base}/fire"), "Crews fought a blaze overnight.",
                content=first, guid="brenmouth-fire-7")
    web.route(f"{base}/feed.rss", rss("Brenmouth Herald", web.base, [item]))
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.articles >= 1)
    [before] = _articles(desk)
    story = db.story_of_article(desk.store, before.id)
    assert update not in desk.brief_story(story)["story"]["headline"] + str(desk.brief_story(story)["summary"])

    item.content = first + paragraphs(update)
    web.route(f"{base}/feed.rss", rss("Brenmouth Herald", web.base, [item]))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.edits >= 1)

    [after] = _articles(desk)
    assert after.id == before.id and update in after.text
    assert db.story_of_article(desk.store, after.id) == story
    brief = desk.brief_story(story)
    assert any("electrical fault" in s["text"] for s in brief["summary"])
    assert desk.store.search("conveyor")[0][0].id == after.id  # the search index follows too


def test_robots_txt_disallowing_the_article_path_is_obeyed(web, desk, caplog):
    base = "/t-robots"
    web.route(f"{base}/feed.rss", rss("The Coastal Courier", web.base, [
        Item("Ferry aground", web.url("/private/ferry"), TEASER, guid="courier-private-ferry"),
    ]))
    add_feeds(desk, web.url(f"{base}/feed.rss"))
    watcher = Watcher(desk)
    with caplog.at_level(logging.WARNING):
        watch_until(watcher, lambda: watcher.stats.articles >= 1)
    assert web.hits("/private/") == []  # never asked for
    [article] = _articles(desk)
    assert article.text == TEASER  # the feed's text is kept, nothing lost
    assert "robots.txt disallows" in _health(desk, web.url(f"{base}/feed.rss"))["last_error"]
    assert any("robots.txt disallows" in r.getMessage() for r in caplog.records)
    assert watcher.fetcher.robots_refused == 1


def test_homepage_given_as_feed_finds_its_feed(web, desk):
    base = "/t-home"
    web.route(f"{base}/", (web.routes["/pages/homepage"].body
                           .replace(b'href="/feeds/news.atom"', f'href="{base}/feeds/news.atom"'.encode())),
              headers={"Content-Type": "text/html"})
    web.route(f"{base}/feeds/news.atom", atom("The Coastal Courier", web.base, [
        Item("Ferry aground", web.url("/pages/ferry"), TEASER, guid="tag:courier,2024:ferry")]))
    add_feeds(desk, web.url(f"{base}/"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.articles >= 1)
    row = _health(desk, web.url(f"{base}/feeds/news.atom"))  # the stored URL is now the feed's
    assert row["articles_stored"] == 1


def _fault_feed(web, desk, base, **route):
    web.route(f"{base}/feed.rss", **route)
    healthy = f"{base}/healthy.rss"
    web.route(healthy, rss("Valley Post", web.base, [
        Item("River Tavy bursts banks", web.url("/pages/flood"), "Storm Hilde floods 120 homes.",
             guid=f"{base}-flood")]))
    add_feeds(desk, web.url(f"{base}/feed.rss"), web.url(healthy))
    return web.url(f"{base}/feed.rss")


def test_429_waits_for_retry_after_and_the_desk_goes_on(web, desk, caplog):
    url = _fault_feed(web, desk, "/t-429", status=429, headers={"Retry-After": "120", "Content-Type": "text/plain"},
                      body="slow down")
    watcher = Watcher(desk)
    with caplog.at_level(logging.WARNING):
        watch_until(watcher, lambda: watcher.stats.articles >= 1 and watcher.stats.failures >= 1)
    row = _health(desk, url)
    assert row["last_status"] == 429 and row["failures"] == 1 and "HTTP 429" in row["last_error"]
    assert datetime.fromisoformat(row["next_poll"]) >= datetime.fromisoformat(row["last_poll"]) + timedelta(seconds=119)
    assert len(web.hits("/t-429/feed.rss")) == 1  # not asked again before Retry-After
    assert any("HTTP 429" in r.getMessage() for r in caplog.records)
    assert len(_articles(desk)) == 1


def test_500_backs_off_then_parks_and_resumes(web, desk, settings):
    desk.settings = settings.replace(watch_max_failures=2, watch_min_interval=0.1, watch_max_interval=0.3)
    url = _fault_feed(web, desk, "/t-500", status=500, body="oops", headers={"Content-Type": "text/plain"})
    watcher = Watcher(desk)
    watch_until(watcher, lambda: _health(desk, url)["state"] == "parked")
    row = _health(desk, url)
    assert row["state"] == "parked"
    assert "2 failed polls in a row" in row["last_error"] and "HTTP 500" in row["last_error"]
    polls = len(web.hits("/t-500/feed.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: False, timeout=1.0)
    assert len(web.hits("/t-500/feed.rss")) == polls  # parked: not polled

    from storydesk.watch.health import resume
    resume(desk.store, [url], time.time())
    assert _health(desk, url)["state"] == "new" or _health(desk, url)["failures"] == 0


def test_410_parks_at_once(web, desk):
    url = _fault_feed(web, desk, "/t-410", status=410, body="gone", headers={"Content-Type": "text/plain"})
    watcher = Watcher(desk)
    watch_until(watcher, lambda: _health(desk, url)["state"] == "parked")
    assert "410 Gone" in _health(desk, url)["last_error"]


def test_301_updates_the_stored_url(web, desk):
    base = "/t-301"
    web.route(f"{base}/old.rss", handler=redirect(web.url(f"{base}/new.rss"), 301))
    web.route(f"{base}/new.rss", rss("Valley Post", web.base, [
        Item("River Tavy bursts banks", web.url("/pages/flood"), "Storm Hilde floods 120 homes.", guid="t301")]))
    add_feeds(desk, web.url(f"{base}/old.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.polls >= 2)
    [row] = list(feed_health(desk.store))
    assert row["url"] == web.url(f"{base}/new.rss")
    assert len(web.hits(f"{base}/old.rss")) == 1  # later polls go to the new address


def test_redirect_loop_is_an_error_not_a_hang(web, desk):
    base = "/t-loop"
    web.route(f"{base}/a.rss", handler=redirect(web.url(f"{base}/b.rss")))
    web.route(f"{base}/b.rss", handler=redirect(web.url(f"{base}/a.rss")))
    add_feeds(desk, web.url(f"{base}/a.rss"))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.failures >= 1)
    assert "too many redirects" in feed_health(desk.store)[0]["last_error"]
    hops = desk.settings.watch_max_redirects + 1
    assert len(web.hits(base)) >= hops and len(web.hits(base)) % hops == 0  # each poll gave up after 6 requests


def test_slow_body_and_silent_server_time_out(web, desk):
    slow = _fault_feed(web, desk, "/t-slow", handler=slow_body(every=0.2, web=web))
    web.route("/t-silent/feed.rss", handler=silent(3.0))
    add_feeds(desk, web.url("/t-silent/feed.rss"))
    watcher = Watcher(desk)
    silent_url = web.url("/t-silent/feed.rss")
    took = watch_until(watcher, lambda: watcher.stats.articles >= 1 and _health(desk, slow)["failures"]
                       and _health(desk, silent_url)["failures"])
    assert took < 10
    assert "slow body" in _health(desk, slow)["last_error"]
    assert "timed out" in _health(desk, web.url("/t-silent/feed.rss"))["last_error"]
    assert len(_articles(desk)) == 1  # the healthy feed's article


def test_50mb_body_is_cut_at_the_limit_never_held(web, desk, settings):
    desk.settings = settings.replace(watch_max_bytes=1_000_000)
    sent: list[int] = []
    url = _fault_feed(web, desk, "/t-huge", handler=endless(50_000_000, sent))
    watcher = Watcher(desk)
    watch_until(watcher, lambda: watcher.stats.failures >= 1 and watcher.stats.articles >= 1)
    assert "over watch_max_bytes=1000000" in _health(desk, url)["last_error"]
    deadline = time.monotonic() + 5
    while not sent and time.monotonic() < deadline:
        time.sleep(0.05)
    assert sent and sent[0] < 20_000_000  # the client hung up early; it never read 50 MB


def test_html_malformed_xml_and_entity_bomb(web, desk, caplog):
    base = "/t-bad"
    web.route(f"{base}/page.rss", (web.routes["/pages/stadium"].body), headers={"Content-Type": "text/html"})
    broken = rss("Valley Post", web.base, [
        Item("River Tavy bursts banks", web.url("/pages/flood"), "Storm Hilde floods 120 homes & more.",
             guid="broken-1")]).replace(b"<![CDATA[Storm Hilde floods 120 homes & more.]]>",
                                        b"Storm Hilde floods 120 homes & more.").replace(b"</channel>", b"")
    web.route(f"{base}/broken.rss", broken)
    web.route(f"{base}/garbage.rss", b"\x00\x01 this is {not: xml}")
    bomb = (b'<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa">\n'
            + b"".join(f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">\n'.encode() for i in range(8))
            + b']>\n<rss version="2.0"><channel><title>&i;</title><item><title>&i;</title>'
            b"<description>&i;</description></item></channel></rss>")
    web.route(f"{base}/bomb.rss", bomb)
    urls = [web.url(f"{base}/{n}.rss") for n in ("page", "broken", "garbage", "bomb")]
    add_feeds(desk, *urls)
    watcher = Watcher(desk)
    with caplog.at_level(logging.WARNING):
        took = watch_until(watcher, lambda: all(r["polls"] for r in feed_health(desk.store)))
    assert took < 10
    health = {r["url"]: r for r in feed_health(desk.store)}
    assert "an HTML page, not a feed" in health[urls[0]]["last_error"]
    assert "not well-formed" in (health[urls[1]]["last_error"] or "") and health[urls[1]]["articles_stored"] == 1
    assert "not a feed" in health[urls[2]]["last_error"]
    assert "declares XML entities" in health[urls[3]]["last_error"]
    titles = [a.title for a in _articles(desk)]
    assert titles == ["River Tavy bursts banks as storm Hilde brings a month's rain in a day"]
    logged = " ".join(r.getMessage() for r in caplog.records)
    assert "declares XML entities" in logged and "an HTML page, not a feed" in logged

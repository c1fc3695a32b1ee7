"""The project's own docs (docs/) are current with the code: the README links them, and
the two JSON contracts they describe are what the code writes, field for field."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _block(page: str) -> str:
    return re.search(r"```\n(.*?)```", (DOCS / page).read_text(), re.S).group(1)


def _extras(page: str) -> set[str]:
    """Field paths named in the page's "Extra fields" table (`a`, `a[].b`, `.b` after one)."""
    section = (DOCS / page).read_text().split("## Extra fields", 1)[1]
    found = set()
    for row in section.splitlines():
        if not row.startswith("| `"):
            continue
        cell, description = row.split("|")[1], "|".join(row.split("|")[2:])
        last, names = "", []
        for name in re.findall(r"`([^`]+)`", cell):
            if name.startswith(".") and last:
                name = last.rsplit(".", 1)[0] + name
            names.append(name)
            last = name
        found.update(names)
        # the fields of a described object: `{"kind": "title", "article_id"}`
        for shape in re.findall(r"`(\[?\{[^`]*)`", description):
            found.update(f"{n}.{key}" for n in names for key in re.findall(r'"(\w+)"', shape)
                         if not re.search(rf':\s*"{key}"', shape))
    return found


def _paths(value, prefix: str = "") -> set[str]:
    out = set()
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(prefix + k)
            out |= _paths(v, prefix + k + ".")
    elif isinstance(value, list):
        for v in value:
            out |= _paths(v, prefix[:-1] + "[].")
    return out


def _documented(page: str) -> set[str]:
    """Every field path of the page's contract block (a top-level key opens a section
    that its closing bracket ends; ``Source`` items are ``*sources[]``), and its extra
    fields."""
    found, section, depth = set(), None, 0
    for line in _block(page).splitlines():
        code = line.split("#")[0]
        if code.startswith("Source = "):
            found |= {f"*sources[].{k}" for k in re.findall(r'"(\w+)":', code)}
            continue
        for token in re.finditer(r'"(\w+)":|[\[{]|[\]}]', code):
            text = token.group()
            if token.group(1):
                key = token.group(1)
                if section is None or depth <= 1:
                    section = key if depth <= 1 else section
                    found.add(key)
                else:
                    found.add(f"{section}.{key}")
            elif text in "[{":
                depth += 1
            else:
                depth -= 1
                if depth <= 1:
                    section = None
    return found | _extras(page)


def _norm(paths: set[str]) -> set[str]:
    """Paths without ``[]``, and nested ones also as ``section.field`` (how the contract
    blocks name the fields of lists inside a section)."""
    out = set()
    for path in paths:
        parts = path.replace("[]", "").split(".")
        out.add(".".join(parts))
        if len(parts) > 2:
            out.add(f"{parts[0]}.{parts[-1]}")
    return out


def _undocumented(emitted: set[str], documented: set[str]) -> set[str]:
    known = _norm(documented)

    def is_known(path: str) -> bool:
        parts = path.replace("[]", "").split(".")
        return bool(_norm({path}) & known) or (
            len(parts) > 1 and parts[-2] == "sources" and f"*sources.{parts[-1]}" in known)

    return {p for p in emitted if not is_known(p)}


def test_the_readme_links_the_docs_it_names():
    readme = (ROOT / "README.md").read_text()
    assert "DESIGN.md" not in readme
    for page in ("docs/design.md", "docs/brief-contract.md", "docs/analysis-contract.md"):
        assert f"]({page})" in readme and (ROOT / page).is_file(), page
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).exists(), link


def test_the_analysis_contract_is_what_the_serializer_writes(analyzed_seeds):
    from storydesk.contract import analysis_json

    emitted = set()
    for item in analyzed_seeds:
        emitted |= _paths(analysis_json(item.article, item.analysis, story_id="s-x"))
    block = _documented("analysis-contract.md") - _extras("analysis-contract.md")
    assert _norm(block) - _norm(emitted) == set()  # every contract field is written
    assert _undocumented(emitted, _documented("analysis-contract.md")) == set()  # and nothing else


def test_the_brief_contract_is_what_build_brief_writes(analyzed_seeds):
    from storydesk.brief import build_brief

    brief = build_brief(analyzed_seeds)
    emitted = _paths(brief)
    block = _documented("brief-contract.md") - _extras("brief-contract.md")
    top = {p for p in block if "." not in p}
    assert top <= set(brief) and brief["schema"] == "storydesk.brief/1"
    assert {p for p in block if p.startswith("story.")} <= _norm(emitted)
    assert _undocumented(emitted, _documented("brief-contract.md")) == set()


def test_an_undocumented_field_is_found():
    documented = _documented("analysis-contract.md")
    assert _undocumented({"quotes[].speaker", "quotes[].novel_field", "colour"}, documented) == {
        "quotes[].novel_field", "colour"}

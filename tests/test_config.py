import pytest

from storydesk.config import SETTINGS, Settings, describe
from storydesk.errors import ConfigError


def test_every_setting_has_a_default_and_help_from_its_one_definition():
    defaults = Settings()
    assert [s.name for s in SETTINGS] == list(Settings.__dataclass_fields__)
    for s in SETTINGS:
        assert getattr(defaults, s.name) == s.default
        assert len(s.help) > 10 and s.help.endswith((".", ")")), s.name
    assert describe()[0] == ("db", "storydesk.db", "Path of the SQLite store.")


def test_choices_and_booleans_are_checked():
    assert Settings().replace(watch_full_text="never").watch_full_text == "never"
    with pytest.raises(ConfigError, match="watch_full_text.*one of"):
        Settings().replace(watch_full_text="sometimes")
    assert Settings().apply(["summary_embeddings=yes"]).summary_embeddings is True
    with pytest.raises(ConfigError, match="summary_embeddings"):
        Settings().apply(["summary_embeddings=maybe"])
    with pytest.raises(ConfigError, match="Did you mean 'workers'"):
        Settings().apply(["worker=2"])


def test_strings_are_converted_and_validated():
    s = Settings().apply(["workers=2", "story_threshold=0.5"])
    assert s.workers == 2 and s.story_threshold == 0.5
    with pytest.raises(ConfigError, match="workers"):
        Settings().apply(["workers=many"])
    with pytest.raises(ConfigError, match="unknown setting 'colour'"):
        Settings().replace(colour="red")
    with pytest.raises(ConfigError, match="summary_sentences"):
        Settings(summary_sentences=12)


def test_environment_is_read_only_when_asked():
    s = Settings.from_env({"STORYDESK_MAX_INPUT_BYTES": "123"})
    assert s.max_input_bytes == 123
    assert Settings().max_input_bytes != 123

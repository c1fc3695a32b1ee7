import pytest

from storydesk.config import SETTINGS, Settings, _check_table_matches_dataclass
from storydesk.errors import ConfigError


def test_settings_table_and_dataclass_agree():
    _check_table_matches_dataclass()
    assert {s.name for s in SETTINGS} == set(Settings.__dataclass_fields__)


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

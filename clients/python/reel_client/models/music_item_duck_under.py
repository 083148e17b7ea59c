from enum import StrEnum


class MusicItemDuckUnder(StrEnum):
    VOICEOVERS = "voiceOvers"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class VoiceOverDuckUnder(StrEnum):
    VOICEOVERS = "voiceOvers"

    def __str__(self) -> str:
        return str(self.value)

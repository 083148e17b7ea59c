from enum import StrEnum


class ValidationOutputAudioCodec(StrEnum):
    AAC = "aac"
    OPUS = "opus"
    PCM = "pcm"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class ListAssetsKind(StrEnum):
    AUDIO = "audio"
    CAPTIONS = "captions"
    FONT = "font"
    IMAGE = "image"
    LOTTIE = "lottie"
    MEDIA = "media"
    VIDEO = "video"

    def __str__(self) -> str:
        return str(self.value)

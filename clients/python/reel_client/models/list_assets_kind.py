from enum import StrEnum


class ListAssetsKind(StrEnum):
    CAPTIONS = "captions"
    FONT = "font"
    LOTTIE = "lottie"
    MEDIA = "media"

    def __str__(self) -> str:
        return str(self.value)

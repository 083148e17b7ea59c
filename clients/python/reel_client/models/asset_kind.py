from enum import StrEnum


class AssetKind(StrEnum):
    CAPTIONS = "captions"
    FONT = "font"
    LOTTIE = "lottie"
    MEDIA = "media"

    def __str__(self) -> str:
        return str(self.value)

from enum import StrEnum


class OverlayType(StrEnum):
    CAPTIONS = "captions"
    GROUP = "group"
    IMAGE = "image"
    LOTTIE = "lottie"
    SHAPE = "shape"
    TEXT = "text"
    VIDEO = "video"
    WAVEFORM = "waveform"

    def __str__(self) -> str:
        return str(self.value)

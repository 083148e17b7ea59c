from enum import StrEnum


class FilterType1Type(StrEnum):
    BLUR = "blur"
    BRIGHTNESS = "brightness"
    CONTRAST = "contrast"
    GRAYSCALE = "grayscale"
    SATURATION = "saturation"

    def __str__(self) -> str:
        return str(self.value)

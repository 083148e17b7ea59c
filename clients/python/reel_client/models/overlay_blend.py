from enum import StrEnum


class OverlayBlend(StrEnum):
    COLOR = "color"
    COLORBURN = "colorBurn"
    COLORDODGE = "colorDodge"
    DARKEN = "darken"
    DIFFERENCE = "difference"
    EXCLUSION = "exclusion"
    HARDLIGHT = "hardLight"
    HUE = "hue"
    LIGHTEN = "lighten"
    LUMINOSITY = "luminosity"
    MULTIPLY = "multiply"
    NORMAL = "normal"
    OVERLAY = "overlay"
    SATURATION = "saturation"
    SCREEN = "screen"
    SOFTLIGHT = "softLight"

    def __str__(self) -> str:
        return str(self.value)

from enum import IntEnum


class AudioSettingsSampleRate(IntEnum):
    VALUE_8000 = 8000
    VALUE_11025 = 11025
    VALUE_12000 = 12000
    VALUE_16000 = 16000
    VALUE_22050 = 22050
    VALUE_24000 = 24000
    VALUE_32000 = 32000
    VALUE_44100 = 44100
    VALUE_48000 = 48000
    VALUE_88200 = 88200
    VALUE_96000 = 96000

    def __str__(self) -> str:
        return str(self.value)

/// The job spec's JSON Schema (draft 2020-12), served at `GET /v1/schema/job-spec.json`: made by
/// scripts/job_spec_schema.py from openapi.yaml's `JobSpec` (do not edit by hand; the test suite
/// checks that it is current, like docs/job-spec.schema.json beside it).
enum JobSpecSchema {
    /// The file's `$id`, which a server with a `publicURL` replaces with its own address.
    static let id = "urn:reel:job-spec:1"
    static let text = ##"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "urn:reel:job-spec:1",
      "title": "Reel job spec (version 1)",
      "type": "object",
      "description": "A version-1 job: what to render (`timeline`) and how to write it (`output`); docs/SPEC.md is\nits reference.\nEvery object rejects unknown members. An `m4a` output needs at least one video, voice-over or\nmusic item; every other format needs at least one video item.\n",
      "additionalProperties": false,
      "required": [
        "version"
      ],
      "not": {
        "required": [
          "output",
          "outputs"
        ]
      },
      "oneOf": [
        {
          "required": [
            "timeline"
          ],
          "not": {
            "anyOf": [
              {
                "required": [
                  "otio"
                ]
              },
              {
                "required": [
                  "relink"
                ]
              }
            ]
          }
        },
        {
          "required": [
            "otio"
          ],
          "not": {
            "required": [
              "timeline"
            ]
          }
        }
      ],
      "properties": {
        "$schema": {
          "examples": [
            "http://127.0.0.1:8080/v1/schema/job-spec.json"
          ],
          "type": "string",
          "description": "The JSON Schema an editor checks the spec against (`GET /v1/schema/job-spec.json`); ignored by the server."
        },
        "version": {
          "const": 1
        },
        "output": {
          "$ref": "#/$defs/Output",
          "description": "The one output; not with `outputs`, and without a `name`.",
          "not": {
            "required": [
              "name"
            ]
          }
        },
        "outputs": {
          "type": "array",
          "minItems": 1,
          "maxItems": 8,
          "description": "Several outputs from one render, instead of `output`: each takes every member `output` takes and a `name` of its own (distinct), and is what the spec renders with that output alone. The timeline is decoded and composited once for every output of the same pictures (size, rate, fit, colour; an HLS rendition drawn at its own size is one of them), and a smaller output of the same aspect is scaled from a larger one's pictures where that measures within 45 dB of drawing it at its own size (at 4 frames spread over it); outputs whose video is encoded alike (an MP4 and the HLS rendition of its size and settings) share one encode, and outputs of one frame rate and range with the same audio settings one audio encode, each encoder on a thread of its own; each output is written to a file of its own, served at `/v1/jobs/{id}/outputs/{name}` and listed in the job's `outputs`. A long job with `outputs` is cut into chunks like any (each chunk renders every output's piece from the same shared pictures and encoders; the join writes each output and renders the stills) where every output but the stills can be cut (MP4, MOV, M4V or HLS), at instants where every output whose `range` goes on across them has a frame (of any frame rates: 25 and 50 fps meet every 1/25 s, 25 and 29.97 only at 0) and may start a chunk (a multiple of each file's keyframe interval, a segment start of each HLS output); outputs of different ranges are cut together over the time from the earliest start to the latest end, an output having nothing in the chunks outside its range; otherwise one worker renders it whole. A progressive `hls` among them is watchable while the job renders, at `/v1/jobs/{id}/outputs/{name}` (the job's `live.outputs`), its pictures drawn with the others' (cut into chunks: joined as they are done, its first two pieces from its start one boundary each). A destination key may use `{name}`; a folder key (ending in `/`) takes each output as `{jobId}-{name}.{ext}`; two outputs whose destinations would write the same object (or inside the same HLS folder) are a 422.",
          "examples": [
            [
              {
                "name": "web",
                "width": 1280,
                "height": 720
              },
              {
                "name": "small",
                "format": "webm",
                "width": 640,
                "height": 360
              },
              {
                "name": "poster",
                "format": "jpg",
                "time": 1
              }
            ]
          ],
          "items": {
            "$ref": "#/$defs/Output",
            "required": [
              "name"
            ]
          }
        },
        "timeline": {
          "$ref": "#/$defs/Timeline"
        },
        "otio": {
          "$ref": "#/$defs/OTIOTimeline"
        },
        "relink": {
          "type": "object",
          "description": "With `otio`: where each media reference's `target_url` is read from instead (a `src`: a path under the media root, an http(s) or s3 URL, an `upload:` asset).",
          "additionalProperties": {
            "type": "string",
            "minLength": 1,
            "maxLength": 4096
          }
        },
        "webhook": {
          "$ref": "#/$defs/WebhookSpec"
        },
        "metadata": {
          "$ref": "#/$defs/JobMetadata"
        },
        "priority": {
          "$ref": "#/$defs/JobPriority"
        }
      },
      "if": {
        "required": [
          "output"
        ],
        "properties": {
          "output": {
            "required": [
              "format"
            ],
            "properties": {
              "format": {
                "const": "m4a"
              }
            }
          }
        }
      },
      "then": {
        "properties": {
          "timeline": {
            "anyOf": [
              {
                "required": [
                  "videos"
                ],
                "properties": {
                  "videos": {
                    "minItems": 1
                  }
                }
              },
              {
                "required": [
                  "voiceOvers"
                ],
                "properties": {
                  "voiceOvers": {
                    "minItems": 1
                  }
                }
              },
              {
                "required": [
                  "music"
                ],
                "properties": {
                  "music": {
                    "minItems": 1
                  }
                }
              }
            ]
          }
        }
      },
      "else": {
        "properties": {
          "timeline": {
            "required": [
              "videos"
            ],
            "properties": {
              "videos": {
                "minItems": 1
              }
            }
          }
        }
      },
      "$defs": {
        "Animation": {
          "description": "`fade` (in and out), `pop` (scale 1→1.3→1), `spin` (a 3D turn about the vertical axis from\nedge-on to facing, drawn in perspective), `slideIn` (needs a direction, so only in object\nform), or, on text and captions only, `typewriter` (characters appear one after another in\nlogical order over the in-phase; for captions, over each cue's). `duration` is each phase's\nlength, default 20 % of the overlay's (of the cue's, for a typewriter on captions).\n",
          "oneOf": [
            {
              "type": "string",
              "enum": [
                "fade",
                "pop",
                "spin",
                "typewriter"
              ]
            },
            {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "type"
              ],
              "properties": {
                "type": {
                  "type": "string",
                  "enum": [
                    "fade",
                    "pop",
                    "spin",
                    "slideIn",
                    "typewriter"
                  ]
                },
                "duration": {
                  "$ref": "#/$defs/PositiveTime"
                },
                "direction": {
                  "$ref": "#/$defs/Direction"
                }
              },
              "if": {
                "properties": {
                  "type": {
                    "const": "slideIn"
                  }
                }
              },
              "then": {
                "required": [
                  "direction"
                ]
              },
              "else": {
                "not": {
                  "required": [
                    "direction"
                  ]
                }
              }
            }
          ]
        },
        "AudioSettings": {
          "type": "object",
          "description": "Audio encoder settings. Defaults aac (opus for webm), 128 kb/s, 48 kHz, 2 channels. Opus takes only 8000, 12000, 16000, 24000 or 48000 Hz.",
          "additionalProperties": false,
          "properties": {
            "codec": {
              "type": "string",
              "enum": [
                "aac",
                "opus",
                "pcm"
              ]
            },
            "bitrate": {
              "type": "integer",
              "minimum": 8000,
              "maximum": 512000,
              "description": "Bits per second (default 128000; 320000 for 5.1)."
            },
            "sampleRate": {
              "type": "integer",
              "enum": [
                8000,
                11025,
                12000,
                16000,
                22050,
                24000,
                32000,
                44100,
                48000,
                88200,
                96000
              ]
            },
            "channels": {
              "type": "integer",
              "enum": [
                1,
                2,
                6
              ],
              "description": "Mono, stereo or 5.1 (FL, FR, FC, LFE, and the two surrounds, FFmpeg's order). Into 5.1 a\nmono item plays in the centre, a stereo one in front left and right, a 5.1 one as it is;\ninto stereo or mono FFmpeg's standard downmix applies (centre and surrounds at −3 dB, LFE\nleft out). `pan` moves an item between the front left and right. AAC, Opus and PCM all\ncarry 5.1.\n"
            },
            "loudness": {
              "$ref": "#/$defs/Loudness"
            }
          }
        },
        "AudioTrack": {
          "type": "object",
          "description": "Which of the source's audio streams the item plays (AVMediaSelectionGroup): by ISO 639-2\nlanguage, or by position among the source's audio streams counting from 0; without it, the\nstream the container marks default, else the first. A source without such a stream is a 422\nnaming the streams it has.\n",
          "additionalProperties": false,
          "properties": {
            "language": {
              "type": "string",
              "pattern": "^[a-z]{3}$"
            },
            "index": {
              "type": "integer",
              "minimum": 0
            }
          },
          "oneOf": [
            {
              "required": [
                "language"
              ]
            },
            {
              "required": [
                "index"
              ]
            }
          ]
        },
        "Chapter": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "start",
            "title"
          ],
          "properties": {
            "start": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "title": {
              "examples": [
                "Introduction"
              ],
              "type": "string",
              "minLength": 1,
              "maxLength": 256
            }
          }
        },
        "ChromaKey": {
          "type": "object",
          "additionalProperties": false,
          "description": "A green screen taken out (video items with `src`, video and image overlays). With the\npixel's and the key's chroma Cb, Cr in −0.5…0.5, d = √(((Cb−Kb)² + (Cr−Kr)²)/2) and alpha =\nclamp((d − similarity)/smoothness, 0, 1) (smoothness 0: a hard key). `spill` takes that\nshare of each pixel's chroma along the key colour's direction (where it points that way)\nout of what remains. 4:2:0 pictures key each 2×2 block by its chroma.\n",
          "properties": {
            "color": {
              "$ref": "#/$defs/Color",
              "description": "The key colour, opaque; default `#00B140`."
            },
            "similarity": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.3
            },
            "smoothness": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.1
            },
            "spill": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.5
            }
          }
        },
        "Color": {
          "examples": [
            "#FF3366",
            "#00000080"
          ],
          "type": "string",
          "description": "sRGB `#RRGGBB` or `#RRGGBBAA` (hex digits in either case).",
          "pattern": "^#([0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"
        },
        "ColorCardItem": {
          "type": "object",
          "description": "A colour card for `duration` (a colour with alpha is laid over the output's background).",
          "additionalProperties": false,
          "required": [
            "color",
            "duration"
          ],
          "properties": {
            "color": {
              "$ref": "#/$defs/Color"
            },
            "duration": {
              "$ref": "#/$defs/PositiveTime"
            },
            "volume": {
              "$ref": "#/$defs/Volume"
            },
            "muted": {
              "type": "boolean",
              "default": false
            },
            "fit": {
              "$ref": "#/$defs/Fit",
              "description": "Overrides `output.fit` for this item."
            },
            "blurRadius": {
              "type": "number",
              "minimum": 0,
              "maximum": 200,
              "default": 40,
              "description": "With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars."
            },
            "dim": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.2,
              "description": "With `fit` blur, how much the bars are darkened (0 none, 1 black)."
            },
            "filters": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/Filter"
              }
            },
            "keyframes": {
              "type": "array",
              "description": "At strictly increasing times.",
              "items": {
                "$ref": "#/$defs/Keyframe"
              }
            },
            "mask": {
              "$ref": "#/$defs/Mask"
            }
          }
        },
        "CropRect": {
          "type": "object",
          "description": "Fractions of the source; `x + width` and `y + height` are at most 1.",
          "additionalProperties": false,
          "required": [
            "x",
            "y",
            "width",
            "height"
          ],
          "properties": {
            "x": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "y": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "width": {
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 1
            },
            "height": {
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 1
            }
          }
        },
        "Dimension": {
          "type": "integer",
          "minimum": 16,
          "maximum": 8192,
          "multipleOf": 2,
          "description": "Pixels, even."
        },
        "Direction": {
          "type": "string",
          "enum": [
            "left",
            "right",
            "up",
            "down"
          ]
        },
        "Filter": {
          "description": "`\"grayscale\"`, or `{type, amount}`: brightness −1…1, contrast and saturation 0…4 (1 =\nunchanged), blur radius 0…100 output pixels (a blur may name it `radius` instead of\n`amount`, not both); grayscale takes no amount.\n",
          "oneOf": [
            {
              "type": "string",
              "enum": [
                "grayscale"
              ]
            },
            {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "type"
              ],
              "properties": {
                "type": {
                  "type": "string",
                  "enum": [
                    "grayscale",
                    "brightness",
                    "contrast",
                    "saturation",
                    "blur"
                  ]
                },
                "amount": {
                  "type": "number"
                },
                "radius": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 100
                }
              },
              "allOf": [
                {
                  "if": {
                    "properties": {
                      "type": {
                        "const": "grayscale"
                      }
                    }
                  },
                  "then": {
                    "not": {
                      "anyOf": [
                        {
                          "required": [
                            "amount"
                          ]
                        },
                        {
                          "required": [
                            "radius"
                          ]
                        }
                      ]
                    }
                  }
                },
                {
                  "if": {
                    "properties": {
                      "type": {
                        "const": "blur"
                      }
                    }
                  },
                  "then": {
                    "oneOf": [
                      {
                        "required": [
                          "amount"
                        ]
                      },
                      {
                        "required": [
                          "radius"
                        ]
                      }
                    ],
                    "properties": {
                      "amount": {
                        "minimum": 0,
                        "maximum": 100
                      }
                    }
                  }
                },
                {
                  "if": {
                    "properties": {
                      "type": {
                        "enum": [
                          "brightness",
                          "contrast",
                          "saturation"
                        ]
                      }
                    }
                  },
                  "then": {
                    "required": [
                      "amount"
                    ],
                    "not": {
                      "required": [
                        "radius"
                      ]
                    }
                  }
                },
                {
                  "if": {
                    "properties": {
                      "type": {
                        "const": "brightness"
                      }
                    }
                  },
                  "then": {
                    "properties": {
                      "amount": {
                        "minimum": -1,
                        "maximum": 1
                      }
                    }
                  }
                },
                {
                  "if": {
                    "properties": {
                      "type": {
                        "enum": [
                          "contrast",
                          "saturation"
                        ]
                      }
                    }
                  },
                  "then": {
                    "properties": {
                      "amount": {
                        "minimum": 0,
                        "maximum": 4
                      }
                    }
                  }
                }
              ]
            }
          ]
        },
        "Fit": {
          "type": "string",
          "enum": [
            "fit",
            "fill",
            "stretch",
            "blur"
          ],
          "description": "`fit` letterboxes with the background (default), `fill` crops, `stretch` scales each axis, `blur` letterboxes over the same picture scaled to fill, blurred (`blurRadius`) and dimmed (`dim`); `blurRadius` and `dim` are allowed only with it."
        },
        "Font": {
          "type": "object",
          "description": "`family` or `src`, not both; neither is the system's sans-serif.",
          "additionalProperties": false,
          "not": {
            "required": [
              "family",
              "src"
            ]
          },
          "properties": {
            "family": {
              "examples": [
                "Noto Sans"
              ],
              "type": "string",
              "minLength": 1,
              "maxLength": 200,
              "description": "A system font family (fontconfig); characters it lacks come from fontconfig's fallbacks."
            },
            "src": {
              "examples": [
                "fonts/Brand-Bold.otf"
              ],
              "type": "string",
              "minLength": 1,
              "description": "A TTF, OTF or TTC font (face 0), `upload:ID` of a font asset or a path under the media root."
            },
            "style": {
              "type": "string",
              "enum": [
                "normal",
                "italic"
              ],
              "default": "normal"
            },
            "size": {
              "type": "number",
              "minimum": 1,
              "maximum": 1000,
              "default": 48,
              "description": "Output pixels."
            },
            "weight": {
              "description": "`normal` (400), `bold` (700) or 100–900.",
              "default": "normal",
              "oneOf": [
                {
                  "type": "string",
                  "enum": [
                    "normal",
                    "bold"
                  ]
                },
                {
                  "type": "integer",
                  "minimum": 100,
                  "maximum": 900
                }
              ]
            },
            "color": {
              "$ref": "#/$defs/Color",
              "default": "#FFFFFF"
            }
          }
        },
        "Gradient": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "type",
            "stops"
          ],
          "properties": {
            "type": {
              "type": "string",
              "enum": [
                "linear",
                "radial"
              ]
            },
            "stops": {
              "type": "array",
              "minItems": 2,
              "description": "Offsets never decreasing.",
              "items": {
                "$ref": "#/$defs/GradientStop"
              }
            },
            "from": {
              "$ref": "#/$defs/Point"
            },
            "to": {
              "$ref": "#/$defs/Point"
            },
            "center": {
              "$ref": "#/$defs/Point"
            },
            "radius": {
              "$ref": "#/$defs/Length"
            }
          },
          "if": {
            "properties": {
              "type": {
                "const": "linear"
              }
            }
          },
          "then": {
            "not": {
              "anyOf": [
                {
                  "required": [
                    "center"
                  ]
                },
                {
                  "required": [
                    "radius"
                  ]
                }
              ]
            }
          },
          "else": {
            "not": {
              "anyOf": [
                {
                  "required": [
                    "from"
                  ]
                },
                {
                  "required": [
                    "to"
                  ]
                }
              ]
            }
          }
        },
        "GradientStop": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "offset",
            "color"
          ],
          "properties": {
            "offset": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "color": {
              "$ref": "#/$defs/Color"
            }
          }
        },
        "JobMetadata": {
          "type": "object",
          "description": "The caller's own context for the job (an order id, a customer, anything): any JSON object, at\nmost 16,384 bytes as compact JSON. Reel never reads it; it is echoed as the job's `metadata`\nand so in every webhook body.\n",
          "examples": [
            {
              "orderId": "ord_1042",
              "customer": {
                "id": 42,
                "tier": "gold"
              }
            }
          ]
        },
        "JobPriority": {
          "type": "string",
          "enum": [
            "high",
            "normal",
            "low"
          ],
          "default": "normal",
          "description": "The job's place among its project's queued jobs: `high` before `normal` before `low`, oldest first\nwithin each. Projects take turns at the workers whatever their jobs' priorities.\n"
        },
        "Keyframe": {
          "type": "object",
          "description": "A value of AVFoundation-style opacity/transform/crop ramps at `time` (relative to the item's\nstart); `easing` shapes the way from the previous keyframe. Sets at least one property.\nBesides placement, keyframes animate the item's own numbers where it has the feature (else\na 422 at the property): a rect shape's `radius`, a shape's `strokeWidth` and a dashed stroke's `dash` and `dashOffset`, a polygon's\n`points` or a line's ends (`points`: from, to), a shape's `fill` and `strokeColor` (colour or gradient), a masked item's `feather`, a keyed item's `similarity`, `smoothness` and `spill`,\nand the amount of the item's filters of a type (`brightness`, `contrast`, `saturation`, `blur`: every filter of that type in its `filters`, in that filter's range),\na video item's `fit: \"blur\"` bars (`blurRadius`, `dim`), a rect or ellipse mask shape's frame (`maskFrame`), a polygon mask's points (`maskPoints`);\neach property follows only\nthe keyframes that set it, holding its first keyframe's value before it and its last after\n(the item's own value where no keyframe sets it).\n",
          "additionalProperties": false,
          "required": [
            "time"
          ],
          "properties": {
            "time": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "opacity": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "x": {
              "$ref": "#/$defs/Length"
            },
            "y": {
              "$ref": "#/$defs/Length"
            },
            "scale": {
              "type": "number",
              "minimum": 0.01,
              "maximum": 100
            },
            "rotation": {
              "type": "number",
              "description": "Degrees, clockwise."
            },
            "crop": {
              "$ref": "#/$defs/CropRect"
            },
            "radius": {
              "type": "number",
              "minimum": 0,
              "maximum": 100000,
              "description": "A rect shape's corner radius, in pixels."
            },
            "strokeWidth": {
              "examples": [
                4
              ],
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 10000,
              "description": "A shape's stroke width, in pixels (the shape must have a `stroke`)."
            },
            "dashOffset": {
              "examples": [
                24
              ],
              "type": "number",
              "minimum": -1000000,
              "maximum": 1000000,
              "description": "A dashed stroke's `dashOffset`, in pixels (the shape's stroke must have a `dash`):\ndashes that march, or, with one dash as long as the line and an offset going from that\nlength to 0, a line that draws itself on.\n"
            },
            "feather": {
              "type": "number",
              "minimum": 0,
              "maximum": 1000,
              "description": "The mask's feather (the item must have a `mask`)."
            },
            "similarity": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "description": "The chroma key's similarity (the item must have a `chromaKey`)."
            },
            "smoothness": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "spill": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "maskFrame": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "x",
                "y",
                "width"
              ],
              "description": "A rect or ellipse mask shape's frame, in lengths of the item's picture (as the mask's own):\nits centre and size travel, each resolved to pixels first (units may differ between\nkeyframes); the mask is drawn again where they change (an iris, a reveal).\n",
              "properties": {
                "x": {
                  "$ref": "#/$defs/Length"
                },
                "y": {
                  "$ref": "#/$defs/Length"
                },
                "width": {
                  "$ref": "#/$defs/PositiveLength"
                },
                "height": {
                  "$ref": "#/$defs/PositiveLength"
                }
              }
            },
            "maskPoints": {
              "type": "array",
              "minItems": 3,
              "description": "A polygon mask shape's points (as many as it has), in lengths of the item's picture: each\ntravels to its place here, resolved to pixels first.\n",
              "items": {
                "$ref": "#/$defs/Point"
              }
            },
            "dash": {
              "type": "array",
              "minItems": 1,
              "description": "A dashed stroke's dash and gap lengths, in pixels (the shape's stroke must have a `dash`): as\nmany as the stroke's `dash` (an odd pattern, which repeats, as written or repeated), each\ntravelling to its length here; not all 0, adding up to at least 1 pixel.\n",
              "items": {
                "type": "number",
                "minimum": 0,
                "maximum": 100000
              }
            },
            "brightness": {
              "examples": [
                0.2
              ],
              "type": "number",
              "minimum": -1,
              "maximum": 1,
              "description": "The amount of the item's `brightness` filters."
            },
            "contrast": {
              "type": "number",
              "minimum": 0,
              "maximum": 4,
              "description": "The amount of the item's `contrast` filters."
            },
            "saturation": {
              "type": "number",
              "minimum": 0,
              "maximum": 4,
              "description": "The amount of the item's `saturation` filters."
            },
            "blur": {
              "type": "number",
              "minimum": 0,
              "maximum": 100,
              "description": "The radius of the item's `blur` filters, in output pixels."
            },
            "blurRadius": {
              "type": "number",
              "minimum": 0,
              "maximum": 200,
              "description": "The blur of `fit` blur's bars (a video item whose fit, its own or the output's, is blur)."
            },
            "dim": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "description": "The dimming of `fit` blur's bars (a video item whose fit is blur)."
            },
            "points": {
              "type": "array",
              "minItems": 2,
              "description": "A polygon shape's points (as many as it has), or a line shape's two ends (`from`, then\n`to`): each point travels to its place here, x and y resolved to pixels first (units may\ndiffer between keyframes).\n",
              "items": {
                "$ref": "#/$defs/Point"
              }
            },
            "fill": {
              "description": "A shape's fill (a shape with a `fill` only): a colour where the shape's fill is one, or a\ngradient of its fill's type with as many stops. Every number travels: a colour's channels\npremultiplied by its alpha (rounded to 8 bits), a gradient's stop offsets and colours, its\n`from`/`to` or `center`/`radius` resolved to pixels on the shape's box first (units may\ndiffer between keyframes).\n",
              "$ref": "#/$defs/Paint"
            },
            "strokeColor": {
              "description": "A shape's stroke paint (a shape with a `stroke` only), held to the stroke's `color` and\ntravelling as `fill` does: a colour where it is one, else a gradient of its type with as\nmany stops.\n",
              "$ref": "#/$defs/Paint"
            },
            "easing": {
              "type": "string",
              "enum": [
                "linear",
                "easeIn",
                "easeOut",
                "easeInOut"
              ],
              "default": "linear"
            }
          },
          "examples": [
            {
              "time": 0,
              "opacity": 0
            }
          ],
          "not": {
            "propertyNames": {
              "enum": [
                "time",
                "easing"
              ]
            }
          }
        },
        "Length": {
          "description": "A coordinate or size on the frame: a number is a fraction of the frame (of its width along\nx, its height along y); a string gives a unit: `\"50%\"` (of the width or height, by axis),\n`\"120px\"` (output pixels), `\"10vw\"`/`\"10vh\"` (hundredths of the width/height),\n`\"10vmin\"`/`\"10vmax\"` (of the smaller/larger side). A width or height must be greater than 0.\n",
          "oneOf": [
            {
              "type": "number"
            },
            {
              "type": "string",
              "pattern": "^[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)(%|px|vw|vh|vmin|vmax)$"
            }
          ],
          "examples": [
            0.5,
            "50%",
            "120px",
            "10vmin"
          ]
        },
        "Loudness": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "target"
          ],
          "description": "The mix brought to a loudness: measured over the whole output (ITU-R BS.1770-4 integrated\nloudness, gated), gained to `target`, with a true-peak limiter (look-ahead, ×4 oversampled)\nholding it at or under `truePeak`; measured again through the output's codec until both hold\n(within 0.2 LU). The job's `output.loudness` reports the output as written. Not for outputs\nwithout audio (gif, png, jpg).\n",
          "examples": [
            {
              "target": "streaming",
              "truePeak": -1
            }
          ],
          "properties": {
            "target": {
              "examples": [
                -14
              ],
              "description": "LUFS, or a name: `streaming` −14, `podcast` −16, `broadcast` −23 (EBU R128), `atsc` −24.",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": -70,
                  "maximum": -5
                },
                {
                  "type": "string",
                  "enum": [
                    "streaming",
                    "podcast",
                    "broadcast",
                    "atsc"
                  ]
                }
              ]
            },
            "truePeak": {
              "type": "number",
              "minimum": -9,
              "maximum": 0,
              "default": -1,
              "description": "The ceiling, dBTP."
            }
          }
        },
        "Mask": {
          "type": "object",
          "additionalProperties": false,
          "description": "Where the item shows, weighted 0…1, on its own picture (lengths of a mask shape are of the\nitem's picture, so the mask moves, scales and turns with it): a `shape` (its coverage), or a\n`src` image or video (a video plays along with the item from its start and holds its last\nframe), stretched to the picture, by its `alpha` or its `luma` (black 0, white 1). Default\nmode: alpha for shapes and sources with an alpha channel, luma otherwise; `mode: \"alpha\"` on a\nsource without alpha is a 422 at `mode`, a source with no picture a 422 at `src`. `invert`\nshows the item where the mask is not; `feather` softens the edge by an exact Gaussian of\nstandard deviation feather/2 px (CSS's blur radius). Exactly one of `shape` and `src`.\n",
          "properties": {
            "shape": {
              "$ref": "#/$defs/Shape"
            },
            "src": {
              "examples": [
                "mattes/circle.png"
              ],
              "$ref": "#/$defs/Source"
            },
            "mode": {
              "type": "string",
              "enum": [
                "alpha",
                "luma"
              ]
            },
            "invert": {
              "type": "boolean",
              "default": false
            },
            "feather": {
              "type": "number",
              "minimum": 0,
              "maximum": 1000,
              "default": 0
            }
          },
          "oneOf": [
            {
              "required": [
                "shape"
              ]
            },
            {
              "required": [
                "src"
              ]
            }
          ]
        },
        "MediaVideoItem": {
          "type": "object",
          "description": "A video (`src`, optional `sourceRange` — default the whole video — or `duration` to play it\nfrom 0) or a still image (`src` + `duration`; a still has no `sourceRange` or `speed`).\n`sourceRange` and `duration` exclude each other.\n",
          "additionalProperties": false,
          "required": [
            "src"
          ],
          "not": {
            "required": [
              "sourceRange",
              "duration"
            ]
          },
          "properties": {
            "src": {
              "$ref": "#/$defs/Source"
            },
            "sourceRange": {
              "$ref": "#/$defs/TimeRange"
            },
            "duration": {
              "$ref": "#/$defs/PositiveTime"
            },
            "speed": {
              "description": "Playback rate 0.25–4 of a video clip (not of a still or a colour card): timeline time t shows\nsource time `sourceRange.start + t·speed` exactly, and the clip's audio is time-stretched\nwith its pitch kept. With `sourceRange` the item lasts `sourceRange.duration / speed`; a\n`duration` is timeline time. A number or `\"N/D\"`.\n",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": 0.25,
                  "maximum": 4
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "audioTrack": {
              "$ref": "#/$defs/AudioTrack"
            },
            "volume": {
              "$ref": "#/$defs/Volume"
            },
            "muted": {
              "type": "boolean",
              "default": false
            },
            "normalize": {
              "type": "boolean",
              "default": false,
              "description": "Its sound brought to −23 LUFS (BS.1770-4, measured over the part it plays) before its `volume` and the mix, so items recorded at different levels match."
            },
            "fit": {
              "$ref": "#/$defs/Fit",
              "description": "Overrides `output.fit` for this item."
            },
            "blurRadius": {
              "type": "number",
              "minimum": 0,
              "maximum": 200,
              "default": 40,
              "description": "With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars."
            },
            "dim": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.2,
              "description": "With `fit` blur, how much the bars are darkened (0 none, 1 black)."
            },
            "filters": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/Filter"
              }
            },
            "keyframes": {
              "type": "array",
              "description": "At strictly increasing times.",
              "items": {
                "$ref": "#/$defs/Keyframe"
              }
            },
            "chromaKey": {
              "$ref": "#/$defs/ChromaKey"
            },
            "mask": {
              "$ref": "#/$defs/Mask"
            },
            "motion": {
              "type": "string",
              "enum": [
                "zoomIn",
                "zoomOut",
                "panLeft",
                "panRight"
              ],
              "description": "A slow Ken Burns move (items with `src`)."
            }
          }
        },
        "Metadata": {
          "type": "object",
          "description": "Container metadata, written in the order given (values at most 1024 characters, may be empty).",
          "additionalProperties": false,
          "properties": {
            "title": {
              "type": "string",
              "maxLength": 1024
            },
            "artist": {
              "type": "string",
              "maxLength": 1024
            },
            "albumArtist": {
              "type": "string",
              "maxLength": 1024
            },
            "album": {
              "type": "string",
              "maxLength": 1024
            },
            "composer": {
              "type": "string",
              "maxLength": 1024
            },
            "date": {
              "type": "string",
              "maxLength": 1024
            },
            "comment": {
              "type": "string",
              "maxLength": 1024
            },
            "genre": {
              "type": "string",
              "maxLength": 1024
            },
            "copyright": {
              "type": "string",
              "maxLength": 1024
            },
            "description": {
              "type": "string",
              "maxLength": 1024
            },
            "grouping": {
              "type": "string",
              "maxLength": 1024
            }
          }
        },
        "MusicItem": {
          "type": "object",
          "description": "An audio item; music items play one after another from 0. `loop: true` repeats it to the end of\nthe timeline (so it must be the last music item).\n",
          "additionalProperties": false,
          "required": [
            "src"
          ],
          "properties": {
            "src": {
              "examples": [
                "audio/bed.m4a"
              ],
              "$ref": "#/$defs/Source"
            },
            "loop": {
              "type": "boolean",
              "default": false
            },
            "sourceRange": {
              "$ref": "#/$defs/TimeRange"
            },
            "speed": {
              "description": "Playback rate 0.25–4, pitch kept (Rubber Band); the item lasts `sourceRange.duration / speed`. A number or `\"N/D\"`.",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": 0.25,
                  "maximum": 4
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "audioTrack": {
              "$ref": "#/$defs/AudioTrack"
            },
            "volume": {
              "$ref": "#/$defs/Volume"
            },
            "fadeIn": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "fadeOut": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "pan": {
              "examples": [
                0.3
              ],
              "type": "number",
              "minimum": -1,
              "maximum": 1,
              "description": "−1 left … 1 right, constant power; 0 leaves the item as it is."
            },
            "duckUnder": {
              "type": "string",
              "enum": [
                "voiceOvers"
              ],
              "description": "Lower this item automatically while any voice-over plays."
            },
            "duckLevel": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "description": "Gain while ducked (default 0.25); needs `duckUnder`."
            },
            "normalize": {
              "type": "boolean",
              "default": false,
              "description": "Brought to −23 LUFS (BS.1770-4, measured over the part it plays) before its `volume`, fades and the mix, so items recorded at different levels match."
            }
          },
          "dependentRequired": {
            "duckLevel": [
              "duckUnder"
            ]
          }
        },
        "NonNegativeTime": {
          "description": "A `Time` of at least 0.",
          "oneOf": [
            {
              "type": "number",
              "minimum": 0
            },
            {
              "$ref": "#/$defs/NonNegativeTimeString"
            }
          ]
        },
        "NonNegativeTimeString": {
          "type": "string",
          "description": "A `TimeString` without a sign.",
          "pattern": "^(\\d+/0*[1-9]\\d*|(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,4})?)$"
        },
        "OTIOTimeline": {
          "type": "object",
          "description": "An OpenTimelineIO `Timeline.1` object (the JSON an `.otio` file holds), played with OTIO's\nsemantics (docs/API.md, *Timelines from editors*): the first video track of the top-level stack is the picture,\nhigher video tracks are layered above it, audio tracks are mixed; `Clip.1`/`Clip.2` with\n`ExternalReference.1` (through `relink`, else a `file://` URL's file name under the media\nroot, a relative path, or an http(s)/s3 URL) or a `SolidColor` `GeneratorReference.1`;\n`Gap.1`; `Transition.1` of type `SMPTE_Dissolve`, centred on its cut with handles;\n`LinearTimeWarp.1` as speed (0.25–4); markers as chapters. Anything else is a 422 at its\npointer into `otio`. Times are `RationalTime.1` (NTSC rates such as 23.976 are 24000/1001).\n",
          "required": [
            "OTIO_SCHEMA",
            "tracks"
          ],
          "properties": {
            "OTIO_SCHEMA": {
              "type": "string",
              "pattern": "^Timeline\\."
            },
            "tracks": {
              "type": "object",
              "description": "A `Stack.1` of `Track.1` objects."
            }
          },
          "additionalProperties": true
        },
        "Output": {
          "type": "object",
          "description": "How the file is written; every member is optional. Defaults copy AVFoundation's: size is the\nlargest display size among the visual inputs, frame rate the highest input rate else 30.\n`width` and `height` go together unless a `preset` is given. The video and audio codecs must\nsuit the format: mp4/mov/m4v take h264 or hevc with aac, webm vp9 with opus, m4a aac only (no\n`video`), gif/jpg/png no `video` settings, no `audio`, no `metadata` and no `chapters`.\n",
          "additionalProperties": false,
          "properties": {
            "name": {
              "$ref": "#/$defs/OutputName",
              "description": "The output's name among `outputs` (required there, distinct); not in `output`."
            },
            "format": {
              "type": "string",
              "enum": [
                "mp4",
                "mov",
                "m4v",
                "webm",
                "m4a",
                "gif",
                "jpg",
                "png",
                "hls"
              ],
              "default": "mp4",
              "description": "`jpg`/`png` are one frame at `time` (else at `range.start`, default 0; the range's duration is not used). `gif` loops forever, at 15 fps unless `frameRate` is given (at most 50), with a dithered palette per scene and no audio."
            },
            "width": {
              "examples": [
                1920
              ],
              "$ref": "#/$defs/Dimension"
            },
            "height": {
              "examples": [
                1080
              ],
              "$ref": "#/$defs/Dimension"
            },
            "frameRate": {
              "description": "Frames per second, 1–240 (a number or `\"N/D\"`, e.g. `\"30000/1001\"`).",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": 1,
                  "maximum": 240
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "fit": {
              "$ref": "#/$defs/Fit",
              "default": "fit"
            },
            "blurRadius": {
              "type": "number",
              "minimum": 0,
              "maximum": 200,
              "default": 40,
              "description": "With `fit` blur, the standard deviation (px) of the Gaussian blur of the bars."
            },
            "dim": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.2,
              "description": "With `fit` blur, how much the bars are darkened (0 none, 1 black)."
            },
            "background": {
              "allOf": [
                {
                  "$ref": "#/$defs/Color"
                }
              ],
              "description": "What shows where no picture covers the frame (letterbox bars) and under colour cards with alpha. Default black, or clear (`#00000000`) for ProRes 4444. Its alpha is kept by ProRes 4444 (yuva444p10, only when the background can show) and PNG (RGBA); other outputs lay it over black."
            },
            "color": {
              "type": "string",
              "enum": [
                "sdr",
                "hlg",
                "hdr10",
                "auto"
              ],
              "default": "sdr",
              "description": "The output's colour space. `sdr`: BT.709 (BT.601 below 720 lines), HDR sources tone mapped. `hlg` and `hdr10` (PQ): BT.2020, 10-bit, HEVC Main 10 in mp4/mov/m4v (the default codec then) or ProRes in mov; SDR sources, titles, images and colour cards are placed at HDR reference white (HLG 75 %, PQ 203 cd/m²); hdr10 declares the first PQ source's mastering display and light levels (else a 1000 cd/m² P3 display, MaxCLL 1000, MaxFALL 400) in the SEI and the container. `auto`: `hlg` when the first clip is HDR and the output can carry it, else `sdr`. HDR asked of webm, gif, jpg, png or hls, of h264, of HEVC's main profile or of the passthrough preset is a 422 at `/output/color`."
            },
            "preset": {
              "type": "string",
              "enum": [
                "passthrough",
                "highest",
                "640x480",
                "960x540",
                "1280x720",
                "1920x1080",
                "3840x2160"
              ],
              "description": "AVAssetExportSession-style preset standing in for size and codec settings; a size preset fits the default size into its box."
            },
            "video": {
              "$ref": "#/$defs/VideoSettings"
            },
            "audio": {
              "$ref": "#/$defs/AudioSettings"
            },
            "range": {
              "$ref": "#/$defs/TimeRange",
              "description": "Renders only this part of the timeline."
            },
            "time": {
              "$ref": "#/$defs/NonNegativeTime",
              "description": "For `jpg` and `png` only: the instant of the timeline the picture shows (a poster frame), before the timeline's end (else a 422 at `/output/time`). Not with `range`.",
              "examples": [
                2.5
              ]
            },
            "metadata": {
              "$ref": "#/$defs/Metadata"
            },
            "chapters": {
              "type": "array",
              "description": "Chapter markers at strictly increasing starts.",
              "items": {
                "$ref": "#/$defs/Chapter"
              }
            },
            "hls": {
              "type": "object",
              "description": "Only for `hls` output: fMP4 segments of `segmentDuration` seconds (1–30, default 4), each\nstarting on a keyframe on the same frames in every rendition, one media playlist per\nvideo rendition and one shared audio rendition, and `master.m3u8` with the measured peak\nand average BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS. `renditions` (1–8, distinct\nheights, none taller than the output) each the output's picture at `height` (the width\nkeeps the aspect) at `videoBitrate` (peak 1.5×), or at the output's constant quality\nwithout one; default one rendition at the output's size. A rendition is drawn at its own\nsize where nothing on the timeline is measured in pixels (no overlays; every video item\nits fitted picture, nothing drawn as a layer (keyframes, filters, motion, opacity, chroma\nkey, masks, blend modes) and no blur bars; transitions are fine), so sources smaller than\nthe output keep their sharpness (720p clips in a 1080p ladder are their own pixels in its\n720p rendition, not scaled up and back down), in the output's colour (a rendition under\n720 lines of an HD output stays BT.709); it is then the pictures of an output of its size\nand colour. Otherwise it is the output's canvas scaled, the same design at every size. H.264 with B-frames (the\ninit segment's edit list starts the video at 0, with the audio) and a keyframe every 2 s,\nas an MP4's default: where every segment starts on that grid (the default 4 s does) a\nrendition is encoded exactly as an MP4 of its size and settings, so a job's `outputs`\nencode the two once; other segment lengths force a keyframe at each segment start\ninstead. AAC audio; no metadata or chapters; `subtitles` become WebVTT\nrenditions cut on the same segment boundaries. `progressive: true` makes it watchable while\nit renders (EVENT playlists that grow segment by segment; see the job's `live`).\n",
              "additionalProperties": false,
              "properties": {
                "segmentDuration": {
                  "oneOf": [
                    {
                      "type": "number",
                      "minimum": 1,
                      "maximum": 30
                    },
                    {
                      "$ref": "#/$defs/PositiveTimeString"
                    }
                  ]
                },
                "progressive": {
                  "type": "boolean",
                  "default": false,
                  "description": "Watchable while it renders: EVENT media playlists that grow as each segment finishes (in\norder, each file visible only once complete and before any playlist lists it),\n`#EXT-X-ENDLIST` at the end. The master playlist appears once every rendition has its\nfirst segment (the job's `live` member links to it; `GET /v1/jobs/{id}/output` answers\n409 with `Retry-After` until then) and is written again at the end with the whole\noutput's bandwidths. Works the same with outputs in a bucket (the playlists rewritten\nthere as they grow); the job records `output.firstSegmentSeconds`. Among a job's\n`outputs` the same, at `/v1/jobs/{id}/outputs/{name}` (`live.outputs`), recorded in\nthat output's `firstSegmentSeconds`.\n"
                },
                "renditions": {
                  "type": "array",
                  "minItems": 1,
                  "maxItems": 8,
                  "items": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "height"
                    ],
                    "properties": {
                      "height": {
                        "examples": [
                          720
                        ],
                        "$ref": "#/$defs/Dimension"
                      },
                      "videoBitrate": {
                        "examples": [
                          2500000
                        ],
                        "type": "integer",
                        "minimum": 100000,
                        "maximum": 100000000
                      }
                    }
                  }
                }
              }
            },
            "subtitles": {
              "type": "array",
              "description": "Soft subtitle tracks (mp4, mov, m4v as mov_text; webm as WebVTT; hls as WebVTT renditions): SRT or WebVTT files from\nthe media root or uploads (not URLs, at most 8 MiB), whose cue times are timeline times; the\noutput range moves and cuts them, and a cue ends where the next begins. A file that does not\nparse is a 422 naming its line.\n",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "src"
                ],
                "properties": {
                  "src": {
                    "examples": [
                      "captions/talk.vtt"
                    ],
                    "$ref": "#/$defs/Source"
                  },
                  "language": {
                    "type": "string",
                    "pattern": "^[a-z]{3}$",
                    "description": "ISO 639-2."
                  },
                  "title": {
                    "examples": [
                      "English"
                    ],
                    "type": "string",
                    "maxLength": 256
                  },
                  "default": {
                    "type": "boolean",
                    "default": false
                  }
                }
              }
            },
            "optimizeForNetwork": {
              "type": "boolean",
              "default": true,
              "description": "Put the index first (faststart)."
            },
            "draft": {
              "type": "boolean",
              "default": false,
              "description": "A quick look: the whole job at most 480 lines high (the width in proportion, made even;\nan output already that small keeps its size), drawn at the output's size and scaled as a\nwhole so every length keeps its proportion, encoded with the fastest preset (x264 and\nx265 `ultrafast`, VP9 realtime speed 8). mp4, mov, m4v and webm only; not with the\n`passthrough` preset, `prores`, or a `video.preset` of its own. The job says `draft: true`.\n"
            },
            "destinations": {
              "type": "array",
              "maxItems": 10,
              "description": "Buckets the finished output is copied to (docs/API.md, *Destinations*). Credentials are never in the spec: `profile` names an entry of the server's `storageProfiles`; without it, the server's own S3 storage account signs (a server keeping outputs on local disk then answers 422). Each copy is durable and retried; its state is in the job's `output.destinations`. Ignored by `reel render`.",
              "items": {
                "type": "object",
                "additionalProperties": false,
                "required": [
                  "type",
                  "url"
                ],
                "properties": {
                  "type": {
                    "type": "string",
                    "enum": [
                      "s3"
                    ]
                  },
                  "url": {
                    "type": "string",
                    "maxLength": 1024,
                    "pattern": "^s3://[a-z0-9.-]{3,63}/[^/]",
                    "description": "`s3://bucket/key`. The key may use `{jobId}`, `{date}` (the UTC day the job finished, YYYY-MM-DD), `{ext}` (the format's extension; `hls` for an HLS folder, whose files go under `key/`) and, in `outputs`, `{name}` (the output's); a key ending in `/` is a folder and the output goes in it as `{jobId}.{ext}` (`{jobId}-{name}.{ext}` in `outputs`).",
                    "examples": [
                      "s3://archive-bucket/renders/{date}/{jobId}.{ext}"
                    ]
                  },
                  "profile": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 64,
                    "description": "An entry of the server's `storageProfiles`."
                  }
                }
              }
            }
          },
          "allOf": [
            {
              "if": {
                "required": [
                  "time"
                ]
              },
              "then": {
                "description": "A `time` is the instant of a still, which says it instead of `range`.",
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "enum": [
                      "jpg",
                      "png"
                    ]
                  }
                },
                "not": {
                  "required": [
                    "range"
                  ]
                }
              }
            },
            {
              "if": {
                "required": [
                  "draft"
                ],
                "properties": {
                  "draft": {
                    "const": true
                  }
                }
              },
              "then": {
                "description": "A draft is an mp4, mov, m4v or webm file in h264, hevc or vp9 (the server also refuses it with the passthrough preset or a video.preset of its own).",
                "properties": {
                  "format": {
                    "enum": [
                      "mp4",
                      "mov",
                      "m4v",
                      "webm"
                    ]
                  },
                  "video": {
                    "properties": {
                      "codec": {
                        "enum": [
                          "h264",
                          "hevc",
                          "vp9"
                        ]
                      }
                    }
                  }
                }
              }
            },
            {
              "if": {
                "not": {
                  "required": [
                    "preset"
                  ]
                }
              },
              "then": {
                "dependentRequired": {
                  "width": [
                    "height"
                  ],
                  "height": [
                    "width"
                  ]
                }
              }
            },
            {
              "if": {
                "anyOf": [
                  {
                    "not": {
                      "required": [
                        "format"
                      ]
                    }
                  },
                  {
                    "required": [
                      "format"
                    ],
                    "properties": {
                      "format": {
                        "enum": [
                          "mp4",
                          "m4v"
                        ]
                      }
                    }
                  }
                ]
              },
              "then": {
                "properties": {
                  "video": {
                    "properties": {
                      "codec": {
                        "enum": [
                          "h264",
                          "hevc"
                        ]
                      }
                    },
                    "if": {
                      "required": [
                        "codec"
                      ],
                      "properties": {
                        "codec": {
                          "const": "hevc"
                        }
                      }
                    },
                    "then": {
                      "properties": {
                        "profile": {
                          "enum": [
                            "main",
                            "main10"
                          ]
                        }
                      }
                    },
                    "else": {
                      "properties": {
                        "profile": {
                          "enum": [
                            "baseline",
                            "main",
                            "high"
                          ]
                        }
                      }
                    }
                  },
                  "audio": {
                    "properties": {
                      "codec": {
                        "const": "aac"
                      }
                    }
                  }
                }
              }
            },
            {
              "if": {
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "const": "mov"
                  }
                }
              },
              "then": {
                "properties": {
                  "video": {
                    "properties": {
                      "codec": {
                        "enum": [
                          "h264",
                          "hevc",
                          "prores"
                        ]
                      }
                    },
                    "if": {
                      "required": [
                        "codec"
                      ],
                      "properties": {
                        "codec": {
                          "const": "prores"
                        }
                      }
                    },
                    "then": {
                      "description": "ProRes has no rate control and every frame is a keyframe; its quality is its profile (default hq).",
                      "properties": {
                        "profile": {
                          "enum": [
                            "proxy",
                            "lt",
                            "standard",
                            "hq",
                            "4444"
                          ]
                        }
                      },
                      "not": {
                        "anyOf": [
                          {
                            "required": [
                              "crf"
                            ]
                          },
                          {
                            "required": [
                              "bitrate"
                            ]
                          },
                          {
                            "required": [
                              "maxBitrate"
                            ]
                          },
                          {
                            "required": [
                              "preset"
                            ]
                          },
                          {
                            "required": [
                              "keyframeInterval"
                            ]
                          }
                        ]
                      }
                    },
                    "else": {
                      "if": {
                        "required": [
                          "codec"
                        ],
                        "properties": {
                          "codec": {
                            "const": "hevc"
                          }
                        }
                      },
                      "then": {
                        "properties": {
                          "profile": {
                            "enum": [
                              "main",
                              "main10"
                            ]
                          }
                        }
                      },
                      "else": {
                        "properties": {
                          "profile": {
                            "enum": [
                              "baseline",
                              "main",
                              "high"
                            ]
                          }
                        }
                      }
                    }
                  },
                  "audio": {
                    "properties": {
                      "codec": {
                        "enum": [
                          "aac",
                          "pcm"
                        ]
                      }
                    }
                  }
                }
              }
            },
            {
              "if": {
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "const": "webm"
                  }
                }
              },
              "then": {
                "properties": {
                  "video": {
                    "properties": {
                      "codec": {
                        "const": "vp9"
                      }
                    },
                    "not": {
                      "required": [
                        "profile"
                      ]
                    }
                  },
                  "audio": {
                    "properties": {
                      "codec": {
                        "const": "opus"
                      }
                    }
                  }
                }
              }
            },
            {
              "if": {
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "const": "m4a"
                  }
                }
              },
              "then": {
                "not": {
                  "required": [
                    "video"
                  ]
                },
                "properties": {
                  "audio": {
                    "properties": {
                      "codec": {
                        "const": "aac"
                      }
                    }
                  }
                }
              }
            },
            {
              "if": {
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "const": "hls"
                  }
                }
              },
              "then": {
                "properties": {
                  "video": {
                    "properties": {
                      "codec": {
                        "const": "h264"
                      }
                    }
                  },
                  "audio": {
                    "properties": {
                      "codec": {
                        "const": "aac"
                      }
                    }
                  }
                },
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "metadata"
                      ]
                    },
                    {
                      "required": [
                        "chapters"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "required": [
                  "format"
                ],
                "properties": {
                  "format": {
                    "enum": [
                      "gif",
                      "jpg",
                      "png"
                    ]
                  }
                }
              },
              "then": {
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "video"
                      ]
                    },
                    {
                      "required": [
                        "metadata"
                      ]
                    },
                    {
                      "required": [
                        "chapters"
                      ]
                    }
                  ]
                }
              }
            }
          ]
        },
        "OutputName": {
          "type": "string",
          "description": "An output's name among a spec's `outputs`: 1 to 32 lowercase letters, digits, hyphens or underscores, starting with a letter or digit (it goes into URLs, file names and bucket keys).",
          "pattern": "^[a-z0-9][a-z0-9_-]{0,31}$",
          "examples": [
            "web-720"
          ]
        },
        "Overlay": {
          "type": "object",
          "examples": [
            {
              "type": "text",
              "text": "Hello",
              "start": 0.5,
              "duration": 2,
              "font": {
                "size": 64,
                "color": "#FFFFFF"
              }
            },
            {
              "type": "shape",
              "shape": "rect",
              "start": 0,
              "fill": "#FF3366",
              "frame": {
                "x": 0.5,
                "y": 0.5,
                "width": 0.3,
                "height": 0.2
              }
            }
          ],
          "description": "A visual above the videos from `start` for `duration` (default: to the end). `text` takes\n`text` and its styling (shaped with HarfBuzz, bidi-ordered, wrapped at UAX #14 opportunities;\n`position` is the centre of the text block); `captions` a `src` (SRT or WebVTT, each cue at\nits time offset by `start`), the same styling (default white 48 px with a 3 px black stroke,\ncentred at (0.5, 0.88), `maxWidth` 0.9) and `highlight`; `image` a `src` (PNG alpha\nhonoured); `video` a `src`, `sourceRange`, `volume` and `muted` (picture-in-picture with its\naudio); `shape` a vector shape (`shape`: `rect` and `ellipse` placed by `frame`, `rect` with\ncorner `radius` px; `polygon` through `points`; `line` `from` → `to`, stroked only; `path`\nSVG path data `d` in output pixels moved to `position`), filled by `fill` (a colour or a\ngradient; white when neither `fill` nor `stroke` is given) and outlined by `stroke`, its\nedges anti-aliased by exact area coverage (nonzero winding); `group` a nested composition\n(`items` on its own canvas `size`, default the output's), flattened and then drawn as one\nlayer, by default at its own size in the middle of the frame, with its own opacity,\nkeyframes, animations, blend, mask and filters; `lottie` a Lottie (Bodymovin JSON) `src` drawn\nby rlottie at the overlay's size (default its own, centred; a `frame` without a height keeps\nits shape), frame ⌊ip + (t − start)·speed·fr⌋ at output time t, with `sourceRange` on its own\ntimeline, `speed` and `loop` (default length: the animation's ÷ `speed`, cut at the timeline's\nend; a feature rlottie cannot draw is a 422 at `/src` naming it and its layer); `waveform` an audiogram of the mix or of one\nitem (`audio`, `mode`, `bars`, `color` default white, `style`, `window`), drawn for each output\nframe from exactly that frame's samples, by default the frame's width and a quarter of its\nheight in its middle (a `frame` without a height keeps that shape), laid on whole pixels.\nPlaced by `position` (anchor point) or\n`frame` (centre-anchored rectangle), both in lengths on the frame, not both (a 422 at `frame`). A character of a text (or cue) that no font covers is a\n422 naming it as `U+XXXX` at `/text` (captions: `/src`); an unknown family is a 422 at\n`/font/family`.\n",
          "additionalProperties": false,
          "required": [
            "type",
            "start"
          ],
          "properties": {
            "type": {
              "type": "string",
              "enum": [
                "text",
                "captions",
                "image",
                "video",
                "shape",
                "group",
                "waveform",
                "lottie"
              ]
            },
            "start": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "duration": {
              "$ref": "#/$defs/PositiveTime"
            },
            "audio": {
              "type": "string",
              "default": "mix",
              "pattern": "^(mix|/timeline/.+)$",
              "examples": [
                "mix",
                "/timeline/voiceOvers/0"
              ],
              "description": "A `waveform`'s sound: `mix` (every item heard, with its volume, fades, ducking, pan, speed\nand `normalize`; with an output loudness target, at its gain and through its limiter, as\nthe output carries it), or the pointer of one item\nheard in the mix (a voice-over, a music item, a video item or video overlay with sound); a\npointer that names none is a 422 here.\n"
            },
            "mode": {
              "type": "string",
              "enum": [
                "spectrum",
                "amplitude"
              ],
              "default": "spectrum",
              "description": "A `waveform`'s measure. `spectrum`: over exactly the output frame's samples (Hann window,\nzero-padded to 16384 or more), `bars` bands spaced logarithmically from 50 Hz to 16 kHz,\neach band's level `10·log10(2·ms)` dBFS (ms its bins' share of the windowed mean square;\na full-scale sine reads 0) drawn from nothing at −60 to the full height at 0.\n`amplitude`: the largest magnitude of each of `bars` equal slices of the last `window`\nseconds up to the frame's end (the newest on the right), drawn linearly to the full\nheight at 1 (full scale).\n"
            },
            "bars": {
              "type": "integer",
              "minimum": 2,
              "maximum": 256,
              "default": 48,
              "description": "A `waveform`'s bars (each fills the middle 70 % of its slot of the width)."
            },
            "color": {
              "$ref": "#/$defs/Color"
            },
            "style": {
              "type": "string",
              "enum": [
                "bars",
                "line",
                "mirror"
              ],
              "default": "bars",
              "description": "A `waveform`'s look: `bars` stand on a 2 px baseline along the bottom, `f·(h − 2)` tall;\n`mirror` reach `f·(h − 2)/2` up and down from a 2 px baseline across the middle; `line` is\na 2 px line through the bars' tops (at silence, the bottom two rows).\n"
            },
            "window": {
              "description": "The `amplitude` mode's span, a `Time` up to 60 s, default 2 (not allowed with `spectrum`).",
              "examples": [
                2
              ],
              "oneOf": [
                {
                  "type": "number",
                  "exclusiveMinimum": 0,
                  "maximum": 60
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "speed": {
              "description": "A `lottie`'s playback rate (¼…4), a `Time`-like exact number.",
              "examples": [
                1.5
              ],
              "oneOf": [
                {
                  "type": "number",
                  "minimum": 0.25,
                  "maximum": 4
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "loop": {
              "type": "boolean",
              "default": false,
              "description": "A `lottie` starts again from its `sourceRange`'s beginning when it ends, until the overlay ends."
            },
            "text": {
              "type": "string",
              "minLength": 1,
              "description": "Any Unicode text, CJK included."
            },
            "font": {
              "$ref": "#/$defs/Font"
            },
            "stroke": {
              "description": "A text's border (`TextStroke`) or a shape's outline (`ShapeStroke`).",
              "anyOf": [
                {
                  "$ref": "#/$defs/TextStroke"
                },
                {
                  "$ref": "#/$defs/ShapeStroke"
                }
              ]
            },
            "shape": {
              "type": "string",
              "enum": [
                "rect",
                "ellipse",
                "polygon",
                "line",
                "path"
              ],
              "description": "Shapes only, and required there."
            },
            "radius": {
              "type": "number",
              "minimum": 0,
              "maximum": 100000,
              "default": 0,
              "description": "A `rect`'s corner radius in pixels (at most half its shorter side is used)."
            },
            "points": {
              "type": "array",
              "minItems": 3,
              "description": "A `polygon`'s points, closed.",
              "items": {
                "$ref": "#/$defs/Point"
              }
            },
            "from": {
              "$ref": "#/$defs/Point"
            },
            "to": {
              "$ref": "#/$defs/Point"
            },
            "d": {
              "examples": [
                "M 0 0 L 120 0 L 60 100 Z"
              ],
              "type": "string",
              "minLength": 1,
              "maxLength": 100000,
              "description": "A `path`'s SVG path data (every command of SVG 1.1, absolute or relative) in output pixels; a mistake is a 422 naming its character."
            },
            "fill": {
              "$ref": "#/$defs/Paint"
            },
            "items": {
              "type": "array",
              "minItems": 1,
              "description": "A group's overlays (groups included, eight levels deep at most), timed from the group's\n`start` and placed on its canvas (their lengths refer to it). An item's `blend` mixes it\nwith what the group holds beneath it (the canvas starts transparent: where nothing lies\nbeneath, the item keeps its own colours); the group's own `blend` acts on the whole.\n",
              "items": {
                "$ref": "#/$defs/Overlay"
              }
            },
            "size": {
              "type": "object",
              "description": "A group's canvas in pixels (even, 16–8192); default the output's size.",
              "additionalProperties": false,
              "required": [
                "width",
                "height"
              ],
              "properties": {
                "width": {
                  "examples": [
                    1080
                  ],
                  "type": "integer",
                  "minimum": 16,
                  "maximum": 8192,
                  "multipleOf": 2
                },
                "height": {
                  "examples": [
                    1080
                  ],
                  "type": "integer",
                  "minimum": 16,
                  "maximum": 8192,
                  "multipleOf": 2
                }
              }
            },
            "shadow": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "color"
              ],
              "properties": {
                "color": {
                  "$ref": "#/$defs/Color"
                },
                "x": {
                  "type": "number",
                  "minimum": -1000,
                  "maximum": 1000,
                  "default": 0
                },
                "y": {
                  "type": "number",
                  "minimum": -1000,
                  "maximum": 1000,
                  "default": 0
                },
                "blur": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 200,
                  "default": 0,
                  "description": "Blur radius in pixels (a Gaussian of σ = blur/2), cast by the stroked text."
                }
              }
            },
            "box": {
              "type": "object",
              "description": "A background box behind the text.",
              "additionalProperties": false,
              "required": [
                "color"
              ],
              "properties": {
                "color": {
                  "$ref": "#/$defs/Color"
                },
                "padding": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1000,
                  "default": 0
                },
                "radius": {
                  "type": "number",
                  "minimum": 0,
                  "maximum": 1000,
                  "default": 0,
                  "description": "Corner radius in pixels."
                }
              }
            },
            "align": {
              "type": "string",
              "enum": [
                "left",
                "center",
                "right"
              ],
              "default": "center"
            },
            "maxWidth": {
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 1,
              "description": "Wrapping width as a fraction of the frame width."
            },
            "lineHeight": {
              "type": "number",
              "minimum": 0.5,
              "maximum": 5,
              "default": 1.2,
              "description": "Distance between baselines, a multiple of the font size."
            },
            "highlight": {
              "type": "object",
              "description": "Captions only; colours the word being spoken (WebVTT inline timestamps, else the cue's time shared by word length).",
              "additionalProperties": false,
              "required": [
                "color"
              ],
              "properties": {
                "color": {
                  "$ref": "#/$defs/Color"
                }
              }
            },
            "src": {
              "examples": [
                "images/logo.png"
              ],
              "$ref": "#/$defs/Source"
            },
            "sourceRange": {
              "$ref": "#/$defs/TimeRange"
            },
            "volume": {
              "$ref": "#/$defs/Volume"
            },
            "muted": {
              "type": "boolean",
              "default": false
            },
            "position": {
              "$ref": "#/$defs/Point",
              "description": "Anchor point (the overlay's centre) on the frame; for a `path` shape, where its origin goes."
            },
            "frame": {
              "type": "object",
              "description": "Centre-anchored rectangle on the frame; height defaults to the aspect ratio (for a shape, to the width in pixels).",
              "additionalProperties": false,
              "required": [
                "x",
                "y",
                "width"
              ],
              "properties": {
                "x": {
                  "$ref": "#/$defs/Length"
                },
                "y": {
                  "$ref": "#/$defs/Length"
                },
                "width": {
                  "$ref": "#/$defs/PositiveLength"
                },
                "height": {
                  "$ref": "#/$defs/PositiveLength"
                }
              }
            },
            "opacity": {
              "type": "number",
              "minimum": 0,
              "maximum": 1
            },
            "blend": {
              "type": "string",
              "enum": [
                "normal",
                "multiply",
                "screen",
                "overlay",
                "darken",
                "lighten",
                "colorDodge",
                "colorBurn",
                "hardLight",
                "softLight",
                "difference",
                "exclusion",
                "hue",
                "saturation",
                "color",
                "luminosity"
              ],
              "default": "normal",
              "description": "How the overlay's colours combine with what lies under it: the W3C Compositing and\nBlending Level 1 formulas on gamma-encoded RGB (as a browser's `mix-blend-mode`), then\nsource-over with its alpha and opacity. On an output that keeps a transparent background\nit blends with the translucent picture beneath it by the formula with a backdrop alpha\n(where nothing is beneath, the overlay keeps its own colours).\n"
            },
            "animations": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/Animation"
              }
            },
            "keyframes": {
              "type": "array",
              "description": "At strictly increasing times.",
              "items": {
                "$ref": "#/$defs/Keyframe"
              }
            },
            "chromaKey": {
              "$ref": "#/$defs/ChromaKey"
            },
            "mask": {
              "$ref": "#/$defs/Mask"
            },
            "filters": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/Filter"
              }
            }
          },
          "allOf": [
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "text"
                  }
                }
              },
              "then": {
                "required": [
                  "text"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    },
                    {
                      "required": [
                        "src"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "captions"
                  }
                }
              },
              "then": {
                "required": [
                  "src"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "image"
                  }
                }
              },
              "then": {
                "required": [
                  "src"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "font"
                      ]
                    },
                    {
                      "required": [
                        "stroke"
                      ]
                    },
                    {
                      "required": [
                        "shadow"
                      ]
                    },
                    {
                      "required": [
                        "box"
                      ]
                    },
                    {
                      "required": [
                        "align"
                      ]
                    },
                    {
                      "required": [
                        "maxWidth"
                      ]
                    },
                    {
                      "required": [
                        "lineHeight"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "enum": [
                      "video",
                      "lottie"
                    ]
                  }
                }
              },
              "then": {
                "required": [
                  "src"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "font"
                      ]
                    },
                    {
                      "required": [
                        "stroke"
                      ]
                    },
                    {
                      "required": [
                        "shadow"
                      ]
                    },
                    {
                      "required": [
                        "box"
                      ]
                    },
                    {
                      "required": [
                        "align"
                      ]
                    },
                    {
                      "required": [
                        "maxWidth"
                      ]
                    },
                    {
                      "required": [
                        "lineHeight"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "shape"
                  }
                }
              },
              "then": {
                "required": [
                  "shape"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "src"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "font"
                      ]
                    },
                    {
                      "required": [
                        "shadow"
                      ]
                    },
                    {
                      "required": [
                        "box"
                      ]
                    },
                    {
                      "required": [
                        "align"
                      ]
                    },
                    {
                      "required": [
                        "maxWidth"
                      ]
                    },
                    {
                      "required": [
                        "lineHeight"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    },
                    {
                      "required": [
                        "chromaKey"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "group"
                  }
                }
              },
              "then": {
                "required": [
                  "items"
                ],
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "audio"
                      ]
                    },
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "mode"
                      ]
                    },
                    {
                      "required": [
                        "bars"
                      ]
                    },
                    {
                      "required": [
                        "color"
                      ]
                    },
                    {
                      "required": [
                        "style"
                      ]
                    },
                    {
                      "required": [
                        "window"
                      ]
                    },
                    {
                      "required": [
                        "src"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "font"
                      ]
                    },
                    {
                      "required": [
                        "stroke"
                      ]
                    },
                    {
                      "required": [
                        "shadow"
                      ]
                    },
                    {
                      "required": [
                        "box"
                      ]
                    },
                    {
                      "required": [
                        "align"
                      ]
                    },
                    {
                      "required": [
                        "maxWidth"
                      ]
                    },
                    {
                      "required": [
                        "lineHeight"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    },
                    {
                      "required": [
                        "chromaKey"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    }
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "waveform"
                  }
                }
              },
              "then": {
                "not": {
                  "anyOf": [
                    {
                      "required": [
                        "speed"
                      ]
                    },
                    {
                      "required": [
                        "loop"
                      ]
                    },
                    {
                      "required": [
                        "items"
                      ]
                    },
                    {
                      "required": [
                        "size"
                      ]
                    },
                    {
                      "required": [
                        "src"
                      ]
                    },
                    {
                      "required": [
                        "text"
                      ]
                    },
                    {
                      "required": [
                        "font"
                      ]
                    },
                    {
                      "required": [
                        "stroke"
                      ]
                    },
                    {
                      "required": [
                        "shadow"
                      ]
                    },
                    {
                      "required": [
                        "box"
                      ]
                    },
                    {
                      "required": [
                        "align"
                      ]
                    },
                    {
                      "required": [
                        "maxWidth"
                      ]
                    },
                    {
                      "required": [
                        "lineHeight"
                      ]
                    },
                    {
                      "required": [
                        "highlight"
                      ]
                    },
                    {
                      "required": [
                        "sourceRange"
                      ]
                    },
                    {
                      "required": [
                        "volume"
                      ]
                    },
                    {
                      "required": [
                        "muted"
                      ]
                    },
                    {
                      "required": [
                        "chromaKey"
                      ]
                    },
                    {
                      "required": [
                        "shape"
                      ]
                    },
                    {
                      "required": [
                        "radius"
                      ]
                    },
                    {
                      "required": [
                        "points"
                      ]
                    },
                    {
                      "required": [
                        "from"
                      ]
                    },
                    {
                      "required": [
                        "to"
                      ]
                    },
                    {
                      "required": [
                        "d"
                      ]
                    },
                    {
                      "required": [
                        "fill"
                      ]
                    }
                  ]
                }
              }
            }
          ]
        },
        "Paint": {
          "description": "A colour, or a gradient whose colours interpolate in premultiplied gamma-encoded RGB (as CSS\ngradients), the end colours continuing past the ends. Gradient points are on the shape's box\n(the bounding box of its geometry): a number is a fraction of the box, `\"px\"` pixels from its\ntop-left corner. `linear` runs `from` (default [0.5, 0]) `to` (default [0.5, 1]); `radial`\nhas offset 0 at `center` (default [0.5, 0.5]) and 1 at `radius` (a length along the box's\nwidth; default `\"50vmax\"`, half its longer side).\n",
          "oneOf": [
            {
              "$ref": "#/$defs/Color"
            },
            {
              "$ref": "#/$defs/Gradient"
            }
          ]
        },
        "Point": {
          "description": "A point on the frame (or, in a gradient, on the shape's box) as `[x, y]` or `{x, y}`, each a `Length`.",
          "oneOf": [
            {
              "type": "array",
              "minItems": 2,
              "maxItems": 2,
              "items": {
                "$ref": "#/$defs/Length"
              }
            },
            {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "x",
                "y"
              ],
              "properties": {
                "x": {
                  "$ref": "#/$defs/Length"
                },
                "y": {
                  "$ref": "#/$defs/Length"
                }
              }
            }
          ]
        },
        "PositiveLength": {
          "description": "A `Length` above 0 (a width or a height).",
          "oneOf": [
            {
              "type": "number",
              "exclusiveMinimum": 0
            },
            {
              "type": "string",
              "pattern": "^\\+?([0-9]*[1-9][0-9]*(\\.[0-9]*)?|[0-9]*\\.[0-9]*[1-9][0-9]*)(%|px|vw|vh|vmin|vmax)$"
            }
          ],
          "examples": [
            0.25,
            "50%",
            "120px"
          ]
        },
        "PositiveTime": {
          "description": "A `Time` greater than 0.",
          "oneOf": [
            {
              "type": "number",
              "exclusiveMinimum": 0
            },
            {
              "$ref": "#/$defs/PositiveTimeString"
            }
          ]
        },
        "PositiveTimeString": {
          "type": "string",
          "description": "A `TimeString` without a sign and with a non-zero digit (so not zero).",
          "pattern": "^(?=[^eE/]*[1-9])(\\d+/0*[1-9]\\d*|(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d{1,4})?)$"
        },
        "Shape": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "shape"
          ],
          "examples": [
            {
              "shape": "ellipse",
              "frame": {
                "x": 0.5,
                "y": 0.5,
                "width": 0.5,
                "height": 0.5
              }
            }
          ],
          "if": {
            "properties": {
              "shape": {
                "enum": [
                  "rect",
                  "ellipse"
                ]
              }
            }
          },
          "then": {
            "required": [
              "frame"
            ]
          },
          "description": "A shape as a shape overlay has it (its `shape` kind, geometry, `fill` and `stroke`), for a mask.",
          "properties": {
            "shape": {
              "type": "string",
              "enum": [
                "rect",
                "ellipse",
                "polygon",
                "line",
                "path"
              ]
            },
            "frame": {
              "type": "object",
              "additionalProperties": false,
              "required": [
                "x",
                "y",
                "width"
              ],
              "properties": {
                "x": {
                  "$ref": "#/$defs/Length"
                },
                "y": {
                  "$ref": "#/$defs/Length"
                },
                "width": {
                  "$ref": "#/$defs/PositiveLength"
                },
                "height": {
                  "$ref": "#/$defs/PositiveLength"
                }
              }
            },
            "position": {
              "$ref": "#/$defs/Point"
            },
            "radius": {
              "type": "number",
              "minimum": 0,
              "maximum": 100000
            },
            "points": {
              "type": "array",
              "minItems": 3,
              "items": {
                "$ref": "#/$defs/Point"
              }
            },
            "from": {
              "$ref": "#/$defs/Point"
            },
            "to": {
              "$ref": "#/$defs/Point"
            },
            "d": {
              "examples": [
                "M 0 0 L 120 0 L 60 100 Z"
              ],
              "type": "string",
              "minLength": 1,
              "maxLength": 100000
            },
            "fill": {
              "$ref": "#/$defs/Paint"
            },
            "stroke": {
              "$ref": "#/$defs/ShapeStroke"
            }
          }
        },
        "ShapeStroke": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "color",
            "width"
          ],
          "description": "A shape's outline, `width` pixels centred on its edge (SVG's stroke; miter joins fall back to bevel past a miter length of 4 widths).",
          "properties": {
            "color": {
              "$ref": "#/$defs/Paint"
            },
            "width": {
              "examples": [
                4
              ],
              "type": "number",
              "exclusiveMinimum": 0,
              "maximum": 10000
            },
            "dash": {
              "type": "array",
              "minItems": 1,
              "description": "Dash and gap lengths in pixels, repeated from the start of each subpath (an odd list is repeated twice); not all 0, adding up to at least 1 pixel (a shorter pattern would cut the stroke into more dashes than it has pixels, and is refused).",
              "items": {
                "type": "number",
                "minimum": 0,
                "maximum": 100000
              }
            },
            "dashOffset": {
              "type": "number",
              "minimum": -1000000,
              "maximum": 1000000,
              "default": 0,
              "description": "How far into the dash pattern each subpath starts, in pixels (SVG's\nstroke-dashoffset; taken modulo the pattern's length): a growing offset moves the dashes\nback along the line. Only with a `dash` (else a 422 here); keyframes animate it.\n"
            },
            "join": {
              "type": "string",
              "enum": [
                "miter",
                "round",
                "bevel"
              ],
              "default": "miter"
            },
            "cap": {
              "type": "string",
              "enum": [
                "butt",
                "round",
                "square"
              ],
              "default": "butt"
            }
          }
        },
        "Source": {
          "type": "string",
          "minLength": 1,
          "description": "`upload:ID` (an uploaded asset), a relative path under the server's media root (with the CLI,\nrelative to the spec file), or an http(s) URL on a public host (or a host the configuration's\n`allowedHosts` lists), fetched once into the node's cache: redirects are followed up to 5 hops,\neach checked; a host resolving to a loopback, private, link-local, CGNAT, multicast, reserved or\nmetadata address is refused (422, saying which kind); an answer of 4xx is a 422 naming it; a\ntimeout or 5xx is a 503. `s3://bucket/key` reads an object of a bucket the server's `sourceBuckets`\nlists. `sequence:PATTERN?first=N&rate=R[&count=N]` is a numbered image sequence under the media\nroot played as a clip (`renders/sh010/beauty.%04d.exr`: one `%d` or `%0Nd` in the file name,\n`%%` for a literal `%`; `first` default 1, `count` default the unbroken run of files; every\nframe must be there). Absolute paths, `..`, symbolic links leaving the root, other schemes and\nplaylist/list formats (HLS, DASH, concat) are refused.\n",
          "examples": [
            "clips/arrival.mp4",
            "upload:asset_01J9ZQ4V8N3K6M2P7R5T1W0XYZ",
            "sequence:renders/sh010/beauty.%04d.exr?first=1001&rate=24"
          ]
        },
        "TextStroke": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "color",
            "width"
          ],
          "properties": {
            "color": {
              "$ref": "#/$defs/Color"
            },
            "width": {
              "type": "number",
              "minimum": 0,
              "maximum": 100,
              "description": "Pixels of border drawn outside the glyphs (round joins)."
            }
          }
        },
        "TimeRange": {
          "type": "object",
          "description": "A half-open range `[start, start + duration)`.",
          "additionalProperties": false,
          "required": [
            "duration"
          ],
          "properties": {
            "start": {
              "$ref": "#/$defs/NonNegativeTime",
              "description": "Default 0."
            },
            "duration": {
              "$ref": "#/$defs/PositiveTime"
            }
          }
        },
        "Timeline": {
          "type": "object",
          "description": "AVFoundation's editing model. `videos` play one after another from 0; `transitions[i]` joins\n`videos[i]` and `videos[i+1]` (at most one entry per join; `null` or a missing entry is a cut; a\ntransition may not be longer than either neighbour, nor two transitions together longer than\nthe video between them); `overlays` sit above at explicit starts; `voiceOvers` at explicit\nstarts; `music` items play one after another from 0, and nothing may follow a looping one. A\ntimeline made only of looping music has no end and is refused.\n",
          "additionalProperties": false,
          "properties": {
            "videos": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/VideoItem"
              }
            },
            "transitions": {
              "type": "array",
              "items": {
                "oneOf": [
                  {
                    "type": "null"
                  },
                  {
                    "$ref": "#/$defs/Transition"
                  }
                ]
              }
            },
            "overlays": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/Overlay"
              }
            },
            "voiceOvers": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/VoiceOver"
              }
            },
            "music": {
              "type": "array",
              "items": {
                "$ref": "#/$defs/MusicItem"
              }
            }
          },
          "if": {
            "properties": {
              "videos": {
                "maxItems": 0
              },
              "voiceOvers": {
                "maxItems": 0
              }
            }
          },
          "then": {
            "properties": {
              "music": {
                "anyOf": [
                  {
                    "maxItems": 0
                  },
                  {
                    "contains": {
                      "not": {
                        "required": [
                          "loop"
                        ],
                        "properties": {
                          "loop": {
                            "const": true
                          }
                        }
                      }
                    }
                  }
                ]
              }
            }
          }
        },
        "Transition": {
          "type": "object",
          "description": "Overlaps its two videos by `duration` (the timeline gets that much shorter) and crossfades\ntheir audio with equal power. `push`, `slide` and `wipe` need a `direction` (where things\ntravel); `fade` passes through `color` (default black). `matte` wipes through a grayscale\nimage or video `src` (a video plays from its start over the transition and must last it):\nwith the matte's luma m (0…1, full range) and progress p, the second clip's weight is\nclamp((p·(1+s) − m)/s, 0, 1) with s = `softness` (s = 0: 1 where m < p); `invert` reads 1 − m.\n",
          "additionalProperties": false,
          "required": [
            "type",
            "duration"
          ],
          "properties": {
            "type": {
              "type": "string",
              "enum": [
                "dissolve",
                "fade",
                "push",
                "slide",
                "wipe",
                "matte"
              ]
            },
            "duration": {
              "$ref": "#/$defs/PositiveTime"
            },
            "direction": {
              "$ref": "#/$defs/Direction"
            },
            "color": {
              "$ref": "#/$defs/Color"
            },
            "src": {
              "examples": [
                "mattes/wipe.mp4"
              ],
              "type": "string",
              "minLength": 1,
              "description": "A matte transition's grayscale image or video (any source form)."
            },
            "softness": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "default": 0.1
            },
            "invert": {
              "type": "boolean",
              "default": false
            }
          },
          "allOf": [
            {
              "if": {
                "properties": {
                  "type": {
                    "enum": [
                      "push",
                      "slide",
                      "wipe"
                    ]
                  }
                }
              },
              "then": {
                "required": [
                  "direction"
                ]
              },
              "else": {
                "not": {
                  "required": [
                    "direction"
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "enum": [
                      "dissolve",
                      "push",
                      "slide",
                      "wipe",
                      "matte"
                    ]
                  }
                }
              },
              "then": {
                "not": {
                  "required": [
                    "color"
                  ]
                }
              }
            },
            {
              "if": {
                "properties": {
                  "type": {
                    "const": "matte"
                  }
                }
              },
              "then": {
                "required": [
                  "src"
                ]
              },
              "else": {
                "allOf": [
                  {
                    "not": {
                      "required": [
                        "src"
                      ]
                    }
                  },
                  {
                    "not": {
                      "required": [
                        "softness"
                      ]
                    }
                  },
                  {
                    "not": {
                      "required": [
                        "invert"
                      ]
                    }
                  }
                ]
              }
            }
          ]
        },
        "VideoItem": {
          "description": "One entry of `timeline.videos`: a video clip or a still image (`MediaVideoItem`, with `src`;\nwhich of the two is known once the file is read), or a colour card (`ColorCardItem`, with\n`color`). Exactly one of `src` and `color`.\n",
          "oneOf": [
            {
              "$ref": "#/$defs/MediaVideoItem"
            },
            {
              "$ref": "#/$defs/ColorCardItem"
            }
          ]
        },
        "VideoSettings": {
          "type": "object",
          "description": "Video encoder settings. Defaults: h264 (vp9 for webm), preset `veryfast`, CRF 23 for h264/hevc\nand 32 for vp9 (18 and 24 with output preset `highest`), a keyframe every 2 s. For vp9 the\npreset chooses libvpx's speed: ultrafast/superfast are its realtime deadline at cpu-used 8/7,\nveryfast and faster `good` at cpu-used 5, fast 4, medium 3, slow 2, slower 1, veryslow 0. `crf` and `bitrate` exclude each other;\n`maxBitrate` needs one of them and is at least `bitrate`. `profile` is baseline, main or high\nfor h264, main or main10 for hevc, not available for vp9, and proxy, lt, standard, hq (the\ndefault) or 4444 for prores (mov only: 10-bit 4:2:2, or 4:4:4 for 4444 with alpha where the\nbackground is transparent and shows, with 16-bit PCM audio by default; no crf, bitrate,\npreset or keyframeInterval).\n",
          "additionalProperties": false,
          "properties": {
            "codec": {
              "type": "string",
              "enum": [
                "h264",
                "hevc",
                "vp9",
                "prores"
              ]
            },
            "crf": {
              "type": "integer",
              "minimum": 0,
              "maximum": 51
            },
            "bitrate": {
              "type": "integer",
              "minimum": 10000,
              "maximum": 500000000,
              "description": "Bits per second."
            },
            "maxBitrate": {
              "type": "integer",
              "minimum": 10000,
              "maximum": 500000000,
              "description": "Bits per second."
            },
            "preset": {
              "type": "string",
              "enum": [
                "ultrafast",
                "superfast",
                "veryfast",
                "faster",
                "fast",
                "medium",
                "slow",
                "slower",
                "veryslow"
              ]
            },
            "profile": {
              "examples": [
                "high"
              ],
              "type": "string",
              "minLength": 1
            },
            "keyframeInterval": {
              "description": "Seconds between keyframes, greater than 0 and at most 60. H.264 and HEVC get a keyframe exactly this often (none added at scene cuts, closed GOPs).",
              "oneOf": [
                {
                  "type": "number",
                  "exclusiveMinimum": 0,
                  "maximum": 60
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            }
          },
          "not": {
            "required": [
              "crf",
              "bitrate"
            ]
          },
          "dependentSchemas": {
            "maxBitrate": {
              "anyOf": [
                {
                  "required": [
                    "bitrate"
                  ]
                },
                {
                  "required": [
                    "crf"
                  ]
                }
              ]
            }
          }
        },
        "VoiceOver": {
          "type": "object",
          "description": "An audio item at an explicit `start`.",
          "additionalProperties": false,
          "required": [
            "src",
            "start"
          ],
          "properties": {
            "src": {
              "examples": [
                "audio/voice.wav"
              ],
              "$ref": "#/$defs/Source"
            },
            "start": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "sourceRange": {
              "$ref": "#/$defs/TimeRange"
            },
            "speed": {
              "description": "Playback rate 0.25–4, pitch kept (Rubber Band); the item lasts `sourceRange.duration / speed`. A number or `\"N/D\"`.",
              "oneOf": [
                {
                  "type": "number",
                  "minimum": 0.25,
                  "maximum": 4
                },
                {
                  "$ref": "#/$defs/PositiveTimeString"
                }
              ]
            },
            "audioTrack": {
              "$ref": "#/$defs/AudioTrack"
            },
            "volume": {
              "$ref": "#/$defs/Volume"
            },
            "fadeIn": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "fadeOut": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "pan": {
              "examples": [
                -0.3
              ],
              "type": "number",
              "minimum": -1,
              "maximum": 1,
              "description": "−1 left … 1 right, constant power; 0 leaves the item as it is."
            },
            "duckUnder": {
              "description": "Lower this voice-over automatically while any other voice-over plays (the original under its interpreter, say), by `duckLevel`; it never ducks under itself.",
              "type": "string",
              "enum": [
                "voiceOvers"
              ]
            },
            "duckLevel": {
              "type": "number",
              "minimum": 0,
              "maximum": 1,
              "description": "Gain while ducked (default 0.25); needs `duckUnder`."
            },
            "normalize": {
              "type": "boolean",
              "default": false,
              "description": "Brought to −23 LUFS (BS.1770-4, measured over the part it plays) before its `volume`, fades and the mix, so items recorded at different levels match."
            }
          },
          "dependentRequired": {
            "duckLevel": [
              "duckUnder"
            ]
          }
        },
        "Volume": {
          "description": "A gain 0–10 (1 = unchanged), or automation points joined linearly (AVAudioMix's setVolume and\nsetVolumeRamp), at strictly increasing times relative to the item's start.\n",
          "oneOf": [
            {
              "type": "number",
              "minimum": 0,
              "maximum": 10
            },
            {
              "type": "array",
              "minItems": 1,
              "items": {
                "$ref": "#/$defs/VolumePoint"
              }
            }
          ]
        },
        "VolumePoint": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "time",
            "value"
          ],
          "properties": {
            "time": {
              "$ref": "#/$defs/NonNegativeTime"
            },
            "value": {
              "type": "number",
              "minimum": 0,
              "maximum": 10
            }
          }
        },
        "WebhookEvent": {
          "type": "string",
          "enum": [
            "succeeded",
            "failed",
            "canceled",
            "progress"
          ]
        },
        "WebhookSpec": {
          "type": "object",
          "description": "Where the server POSTs the job on each of `events` (docs/API.md, *Webhooks*; see the\n`jobEvent` webhook). The URL must be `http(s)` on a public host or one of `allowedHosts` (as for sources), and\nthe server needs a `webhookSecret`; else 422 at `/webhook/url` or `/webhook`. Ignored by the CLI.\n",
          "additionalProperties": false,
          "required": [
            "url"
          ],
          "properties": {
            "url": {
              "type": "string",
              "format": "uri",
              "maxLength": 2048,
              "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
            },
            "events": {
              "type": "array",
              "minItems": 1,
              "uniqueItems": true,
              "default": [
                "succeeded",
                "failed",
                "canceled"
              ],
              "description": "`progress` comes at most every 5 s while the job runs.",
              "items": {
                "$ref": "#/$defs/WebhookEvent"
              }
            }
          }
        }
      }
    }
    """##
}

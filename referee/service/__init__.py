"""Application layer: commands and queries over the event store and the engines."""

from referee.engines.messages import use_renderer
from referee.service.messages import render

use_renderer(render)  # what engines say, in English: the edges word it for their reader

def render_text(observation, game):
    return str(observation)


def render_svg(observation, game):
    return "<svg/>"

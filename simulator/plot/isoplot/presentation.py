"""What every kind of plot takes about how it looks, applied once the figure is drawn: the
axes' labels given by the spec instead of the declared ones, reference lines across every
panel, the figure's size."""

REFERENCE_COLOUR = "#7f7f7f"


def data_axes(fig):
    """The axes that hold data: every axes but the colorbars."""
    return [ax for ax in fig.axes if ax.get_label() != "<colorbar>"]


def present(fig, spec):
    axes = data_axes(fig)
    for ax in axes:
        if spec.x_label is not None and ax.get_xlabel():
            ax.set_xlabel(spec.x_label)
        if spec.y_label is not None and ax.get_ylabel():
            ax.set_ylabel(spec.y_label)
    for line in spec.reference_lines:
        for ax in axes:
            draw_reference(ax, line["axis"], float(line["value"]), line.get("label") or "")
    if spec.size is not None:
        fig.set_size_inches(*spec.size)


def draw_reference(ax, axis, value, label):
    """A dashed grey line at x or y = value across the axes, its label at the line's left (or
    top) end, inside the axes: curves that rise with x leave the left end free more often."""
    style = dict(color=REFERENCE_COLOUR, linestyle=(0, (4, 3)), linewidth=1.0, zorder=1.5)
    if axis == "y":
        ax.axhline(value, **style)
        if label:
            ax.annotate(label, xy=(0.0, value), xycoords=("axes fraction", "data"), xytext=(3, 3),
                        textcoords="offset points", ha="left", va="bottom", fontsize=7.5, color=REFERENCE_COLOUR)
    else:
        ax.axvline(value, **style)
        if label:
            ax.annotate(label, xy=(value, 1.0), xycoords=("data", "axes fraction"), xytext=(3, -3),
                        textcoords="offset points", ha="left", va="top", rotation=90, fontsize=7.5,
                        color=REFERENCE_COLOUR)

"""pygame widgets and services shared by the scenes and game views: fonts, theme, widgets, tweens, audio."""

"""The screens of Game Night, each a Scene on the app's stack."""

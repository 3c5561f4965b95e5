"""Routes of accounts: sign-up, log-in and log-out, passwords, and one's own page."""

from django.urls import path

from tournaments.web import accounts, notifications, profile

urlpatterns = [
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", accounts.LoginPage.as_view(), name="login"),
    path("accounts/logout/", accounts.LogoutPage.as_view(), name="logout"),
    path("accounts/password/change/", accounts.PasswordChange.as_view(), name="password_change"),
    path("accounts/password/change/done/", accounts.PasswordChangeDone.as_view(), name="password_change_done"),
    path("accounts/password/reset/", accounts.PasswordReset.as_view(), name="password_reset"),
    path("accounts/password/reset/done/", accounts.PasswordResetSent.as_view(), name="password_reset_done"),
    path("accounts/reset/<uidb64>/<token>/", accounts.PasswordResetConfirm.as_view(), name="password_reset_confirm"),
    path("accounts/reset/done/", accounts.PasswordResetComplete.as_view(), name="password_reset_complete"),
    path("me/", profile.profile, name="profile"),
    path("me/notifications/", notifications.my_notifications, name="my-notifications"),
]
